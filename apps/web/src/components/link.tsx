import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { currentPath, navigate } from '../lib/navigation.ts';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path in the app (with its query), e.g. `/acupoint_detail/ST36`. */
  to: string;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link inside the app: a plain `<a href>` that navigates in place on a plain click (a modified or
 * non-primary click, or another target, is left to the browser). Issue #33 item 3: React Router's
 * `<Link>` resolves its path against the route matches and registers a layout effect on every render,
 * so its links cost about a fifth of `/acupoint`'s hydration (decision 047); every `to` here is absolute, and
 * the app's navigator (lib/navigation.ts, set by the app shell) is the router's own.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    // As React Router's link does: a link to the page on screen replaces the entry instead of adding one.
    navigate(to, { replace: replace ?? to === currentPath(), state });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
