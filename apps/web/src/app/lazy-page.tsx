import type { ComponentType } from "react";

import { retryRound, withRetries } from "@/lib/network";

type RouteModule = { default: ComponentType };

/**
 * A screen whose chunk could not be fetched: it throws the failure to the route's error page, and
 * fetches again when that page retries (a later retry round). React Router keeps a rejected `lazy`
 * for good, so without this the screen stayed broken after the connection came back.
 */
function retryablePage(load: () => Promise<RouteModule>, firstError: unknown): ComponentType {
  let failed: { error: unknown; round: number } = { error: firstError, round: retryRound() };
  let loading: Promise<void> | null = null;
  let Page: ComponentType | null = null;

  return function RetryablePage() {
    if (Page) return <Page />;
    if (failed.round === retryRound()) throw failed.error;
    loading ??= withRetries(load, { attempts: 1 })
      .then(
        (module) => {
          Page = module.default;
        },
        (error: unknown) => {
          failed = { error, round: retryRound() };
        },
      )
      .finally(() => {
        loading = null;
      });
    // Suspends until settled; then renders the screen or throws the new failure.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw loading;
  };
}

/**
 * A route's `lazy` for a screen's module. It never rejects: offline it does not even ask (the error
 * page says "No connection" and retries on `online`), and a failed fetch becomes a screen that
 * throws to the error page and fetches again on its Retry.
 */
export const lazyPage = (load: () => Promise<RouteModule>) => async () => {
  try {
    return { Component: (await withRetries(load, { attempts: 1 })).default };
  } catch (error) {
    return { Component: retryablePage(load, error) };
  }
};
