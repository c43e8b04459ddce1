import type { Namespace } from "@lab/i18n";

/**
 * The namespaces the first page of a visit needs, fetched beside its code (not after it renders):
 * the sign-in page is the one most opened cold, on a phone. A page not listed loads its own. The
 * "errors" namespace is not among them: it loads when an error is first shown.
 */
export function firstNamespaces(pathname: string): Namespace[] {
  if (pathname.startsWith("/lab")) return ["lab", "auth"];
  if (pathname === "/" || pathname === "/login") return ["auth", "public"];
  if (/^\/(register|forgot-password|reset-password|verify-email)/.test(pathname)) {
    return ["auth", "credentials", "public"];
  }
  if (pathname === "/invitation") return ["organisation", "credentials", "auth", "public"];
  if (/^\/(blog|careers|privacy|terms|newsletter)/.test(pathname)) return ["public", "pages"];
  if (/^\/(verify|unsubscribe)/.test(pathname)) return ["public", "reports", "results"];
  return [];
}
