import type { LanguageCode } from "@lab/contracts";
import type { Namespace } from "@lab/i18n";

import { dashboardFirstRequests } from "@/features/dashboard/first-requests";
import { getSession, getToken, isDue } from "@/lib/auth";
import { startEarly } from "@/lib/early-requests";
import { loadNamespaces } from "@/lib/i18n/i18n";

// On a line with 400 ms round trips every wave of requests costs seconds: the app's shell, its
// catalogues and the dashboard are asked for together, not each after the code that reads them ran.
// The imports are the router's own (the same modules), so nothing is fetched twice.
const SHELL_NAMESPACES: Namespace[] = ["account"];
const DASHBOARD_NAMESPACES: Namespace[] = ["samples", "domain"];

const quietly = (wait: Promise<unknown>) => void wait.catch(() => undefined);

/** The signed-in app's shell, and the dashboard when it is the screen to come. */
export function preloadSignedIn(language: LanguageCode, dashboard: boolean): void {
  quietly(import("./routes/app/root"));
  if (dashboard) {
    quietly(import("./routes/app/dashboard"));
    // Its data too, unless the token is about to be refreshed (the screen then asks with the new one).
    const session = getSession();
    const token = getToken();
    // A billing member's dashboard is their organisation's page: no sample reads to start.
    if (session && token && !isDue(token) && session.user.role !== "billing") {
      startEarly(dashboardFirstRequests(session.user.id), `${token.tokenType} ${token.token}`);
    }
  }
  quietly(
    loadNamespaces(language, dashboard ? [...SHELL_NAMESPACES, ...DASHBOARD_NAMESPACES] : SHELL_NAMESPACES),
  );
}

const SIGNED_OUT =
  /^\/(login|register|forgot-password|reset-password|verify-email|lab|blog|careers|privacy|terms|newsletter|verify|unsubscribe|invitation)(\/|$)/;

/** Whether a first screen at `pathname` is one of the signed-in app's (or `/`, which leads there). */
export const isSignedInPath = (pathname: string): boolean => !SIGNED_OUT.test(pathname);

/**
 * On /login, the person's first touch of the form (they will type for a while) fetches what the
 * dashboard needs; not before, so /login's own download stays as it is.
 */
export function preloadOnFirstInput(language: () => LanguageCode): void {
  const start = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest("form")) return;
    document.removeEventListener("focusin", start);
    document.removeEventListener("pointerdown", start);
    preloadSignedIn(language(), true);
  };
  document.addEventListener("focusin", start);
  document.addEventListener("pointerdown", start);
}
