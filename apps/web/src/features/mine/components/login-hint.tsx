import { Link } from '../../../components/link.tsx';

/**
 * Logged out, the lists live on this phone only (issue #18): say so, with a way to keep them. 登录 is
 * a button of its own beside the sentence, not a word inside it (issue #32 item 4: it was 30 × 21 px).
 */
export function LoginHint({ from }: { from: string }) {
  return (
    <div className="notice mine-login-hint">
      <p>未登录：只保存在这台手机上。登录后会自动存到账号，换手机也能看到。</p>
      <Link className="btn btn-primary" to="/login" state={{ from }}>
        登录
      </Link>
    </div>
  );
}
