import { useEffect, useState, type ComponentType } from "react";
import { useRouteError } from "react-router";

import { Button } from "@/components/ui/button";
import { getLanguage, loadNamespaces } from "@/lib/i18n/i18n";
import { useCommonText } from "@/lib/i18n/use-t";
import { chunkOf, loadFailureOf, mayReloadFor, recordReloadFor, reloadPage } from "@/lib/load-failure";

type Page = ComponentType;
const loadPage = (): Promise<Page> =>
  import("@/components/errors/route-error").then((module) => module.RouteError);

// The error page is not on /login's first download (its budget has no room for it): it is fetched at
// the first move to another screen, or when the browser idles some seconds after the first one
// loaded, so it is at hand before a later screen can fail. Until then, or when that fetch itself
// fails (offline from the very start), a minimal page offers a reload.
let loaded: Page | null = null;
let loading: Promise<Page> | null = null;
function load(): Promise<Page> {
  loading ??= loadPage().then(
    (page) => (loaded = page),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Fetches the error page now, if it is not fetched yet; a failure is retried at the next call. */
export function prefetchRouteError(): void {
  if (loaded) return;
  void load().catch(() => undefined);
  void loadNamespaces(getLanguage(), ["status"]).catch(() => undefined);
}

/** Schedules the fetch for after the first screen: called once at start-up. */
export function prefetchRouteErrorLater(delayMs = 10_000): void {
  if (typeof window === "undefined") return;
  const later = () =>
    setTimeout(() => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(prefetchRouteError, { timeout: 5000 });
      else prefetchRouteError();
    }, delayMs);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/**
 * When the error page itself could not be fetched: a release replaced this tab's build (online, and
 * the screen's chunk or the error page's own is gone) reloads once to the new build, as the error
 * page would have; anything else (offline) shows the minimal page. Whether a reload happened.
 */
function reloadedForRelease(routeError: unknown, pageError: unknown): boolean {
  const stale = [routeError, pageError].find((error) => loadFailureOf(error) === "stale");
  if (stale === undefined) return false;
  const chunk = chunkOf(stale);
  if (!mayReloadFor(chunk) || !recordReloadFor(chunk)) return false;
  reloadPage();
  return true;
}

/** The errorElement of every route. */
export function RouteErrorBoundary() {
  const routeError = useRouteError();
  const [page, setPage] = useState<Page | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (page) return;
    let live = true;
    load().then(
      (next) => live && setPage(() => next),
      (pageError: unknown) => live && !reloadedForRelease(routeError, pageError) && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [page, routeError]);
  if (page) {
    const Loaded = page;
    return <Loaded />;
  }
  return failed ? <MinimalRouteError /> : null;
}

// English when even the "common" catalogue could not be fetched.
const ENGLISH = { title: "No connection", retry: "Retry" } as const;

/** The page could not even fetch its error page (offline from the start): a reload when back. */
function MinimalRouteError() {
  const common = useCommonText();
  const title = common("common.offline.title", ENGLISH.title);
  const retry = common("common.offline.retry", ENGLISH.retry);
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener("online", reload);
    return () => window.removeEventListener("online", reload);
  }, []);
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-5 flex justify-center">
        <Button onClick={() => window.location.reload()}>{retry}</Button>
      </div>
    </div>
  );
}
