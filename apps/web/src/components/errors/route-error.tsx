import type { MessageKey } from "@lab/i18n";
import { useCallback, useEffect, useMemo, useReducer } from "react";
import { Link, useLocation, useNavigate, useRouteError } from "react-router";

import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { i18n, isLoaded, loadNamespaces } from "@/lib/i18n/i18n";
import { useCommonText, useLanguage } from "@/lib/i18n/use-t";
import {
  chunkOf,
  type LoadFailure,
  loadFailureOf,
  mayReloadFor,
  recordReloadFor,
  reloadPage,
  supportReference,
} from "@/lib/load-failure";
import { retryFailedLoads } from "@/lib/network";

// The English shown while the catalogues could not be fetched (offline from the start).
const ENGLISH = {
  "offline.title": "No connection",
  "offline.text": "This page needs the internet. It will load by itself when your connection is back.",
  "offline.retry": "Retry",
  "update.title": "A new version of the portal",
  "update.text": "The portal was updated while this page was open. Reload to use the new version.",
  "update.reload": "Reload",
  "error.title": "Something went wrong",
  "error.text": "Please try again. If it keeps happening, contact the lab and give this reference:",
  "error.reference": "Support reference",
  retry: "Try again",
  backToHome: "Back to Home",
} as const;
type Words = keyof typeof ENGLISH;
// Words every screen may need (Retry, Back to Home, the offline title) are in "common"; the rest of
// this page's words are in "status", fetched with the page itself, off /login's first download.
const COMMON: ReadonlySet<Words> = new Set<Words>(["offline.title", "offline.retry", "retry", "backToHome"]);

/** The "status" namespace's texts, English until it is in; asks for it once per language. */
function useStatusText(): (key: MessageKey<"status">, english: string) => string {
  const language = useLanguage();
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (isLoaded(language, "status")) return undefined;
    let live = true;
    loadNamespaces(language, ["status"]).then(
      () => live && loadedNow(),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return (key, english) => (isLoaded(language, "status") ? i18n._(key) : english);
}

const SCREENS: Record<LoadFailure, readonly [Words, Words, Words]> = {
  offline: ["offline.title", "offline.text", "offline.retry"],
  stale: ["update.title", "update.text", "update.reload"],
  unexpected: ["error.title", "error.text", "retry"],
};

/**
 * The error page of every route (errorElement): a screen that could not load says why in the
 * reader's language and how to go on, inside the shell where it can, never a stack.
 * - No connection: Retry, and a retry by itself when the browser is back online.
 * - A chunk of an older build (a tab left open across a release): one reload to the new build.
 * - Anything else: a friendly page with a support reference (the API's request id, else a new one).
 */
export function RouteError() {
  const error = useRouteError();
  const common = useCommonText();
  const status = useStatusText();
  const text = (key: Words) =>
    COMMON.has(key)
      ? common(`common.${key}` as MessageKey<"common">, ENGLISH[key])
      : status(`status.${key}` as MessageKey<"status">, ENGLISH[key]);
  const navigate = useNavigate();
  const location = useLocation();
  const failure = useMemo(() => loadFailureOf(error), [error]);
  const reference = useMemo(() => supportReference(error), [error]);
  const chunk = chunkOf(error);
  const mayReload = failure === "stale" && mayReloadFor(chunk);

  // Renders the same address afresh: the route's error boundary resets and the screen loads again.
  const retry = useCallback(() => {
    retryFailedLoads();
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: location.state as unknown,
      preventScrollReset: true,
    });
  }, [navigate, location]);

  useEffect(() => {
    if (failure !== "offline") return undefined;
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failure, retry]);

  useEffect(() => {
    if (mayReload && recordReloadFor(chunk)) reloadPage();
  }, [mayReload, chunk]);

  const [title, body, action] = SCREENS[failure];
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center [overflow-wrap:anywhere]">
      <h1 className="text-xl font-semibold text-slate-900">{text(title)}</h1>
      <p className="mt-2 text-sm text-slate-700">{text(body)}</p>
      {failure === "unexpected" ? (
        <p className="mt-3 text-sm text-slate-700">
          {text("error.reference")}{" "}
          <code className="font-mono font-semibold text-slate-900" data-testid="support-reference">
            {reference}
          </code>
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Button onClick={failure === "stale" ? reloadPage : retry}>{text(action)}</Button>
        {failure === "unexpected" ? (
          <Link to={paths.home.href()} className={buttonClasses("outline")}>
            {text("backToHome")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
