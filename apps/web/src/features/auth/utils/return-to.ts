// Where sign-in returns to after a session ended: a page of this app only (no open redirect).
import { paths } from "@/config/paths";

export const RETURN_TO_PARAM = "returnTo";

// Control characters and backslashes (which browsers read as "/") have no place in an app path.
const isUnsafe = (value: string): boolean =>
  value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

// A path whose first segment is empty ("//host") would name another host when navigated to, even
// though it resolved on this origin ("/..//evil.example" becomes "//evil.example"). The router
// decodes paths, so the decoded form is checked too.
const isRefusedPath = (pathname: string): boolean => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return [pathname, decoded].some(
    (path) =>
      /^[/\\]{2}/.test(path) ||
      path === paths.login.path ||
      path === paths.lab.path ||
      path.startsWith(`${paths.lab.path}/`),
  );
};

/**
 * `value` resolved against this page's origin, as path + search + hash, when it is a page of this
 * app; else null: nothing on another origin, nothing that would leave it once navigated to, not
 * /login itself, and not the lab console (its own sign-in).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || isUnsafe(value)) return null;
  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || isRefusedPath(url.pathname)) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // What is navigated to must resolve to the very same address again.
  return new URL(target, origin).href === url.href ? target : null;
}

/** /login, remembering the page to come back to when it is one. */
export function signInHref(returnTo: string): string {
  const safe = safeReturnTo(returnTo);
  const dashboard = paths.dashboard.href();
  return safe && safe !== dashboard
    ? `${paths.login.href()}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}`
    : paths.login.href();
}

/** After sign-in: the remembered page, else the dashboard. */
export function afterSignInHref(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? paths.dashboard.href();
}
