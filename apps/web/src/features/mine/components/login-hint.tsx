import { Link } from 'react-router';

/** Logged out, the lists live on this phone only (issue #18): say so, with a way to keep them. */
export function LoginHint({ from }: { from: string }) {
  return (
    <p className="notice mine-hint">
      未登录：只保存在这台手机上。
      <Link to="/login" state={{ from }}>
        登录
      </Link>
      后会自动存到账号，换手机也能看到。
    </p>
  );
}
