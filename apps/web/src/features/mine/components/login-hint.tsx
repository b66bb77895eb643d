import { Link } from 'react-router';

/**
 * Logged out, the lists live on this phone only (issue #18): say so, with a way to keep them — a
 * real 登录 button beside the note (issue #32 item 4: it was a 30×21 px word in the sentence).
 */
export function LoginHint({ from }: { from: string }) {
  return (
    <div className="notice mine-hint">
      <p>未登录：只保存在这台手机上。登录后会自动存到账号，换手机也能看到。</p>
      <Link className="btn btn-primary mine-hint-login" to="/login" state={{ from }}>
        登录
      </Link>
    </div>
  );
}
