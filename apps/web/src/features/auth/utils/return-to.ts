// Where sign-in returns to after a session ended: a page of this app only (no open redirect).
import { paths } from "@/config/paths";

export const RETURN_TO_PARAM = "returnTo";

// Control characters and backslashes (which browsers read as "/") have no place in an app path.
const isUnsafe = (value: string): boolean =>
  value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * `value` as path + search when it is a path of this app, else null: nothing absolute or
 * protocol-relative ("//host"), not /login itself, and not the lab console (its own sign-in).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || isUnsafe(value)) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === paths.login.path || url.pathname === paths.lab.path) return null;
  if (url.pathname.startsWith(`${paths.lab.path}/`)) return null;
  return `${url.pathname}${url.search}`;
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
