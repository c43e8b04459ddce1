import type { QueryClient } from "@tanstack/react-query";

export const FIRST_SCREEN_QUIET_MS = 1_000;
export const FIRST_SCREEN_CAP_MS = 10_000;

const settled = new WeakMap<QueryClient, Promise<void>>();

/**
 * Resolves once the first screen's data is in: at least one query has answered and none has been
 * fetching for `quietMs`; or after `capMs` whatever happened. What can wait (the live connection, the
 * error page) waits for it: on a slow rural line every byte fetched beside the screen's own requests
 * delays what the reader is waiting for. Once resolved it stays resolved for the page's life.
 */
export function afterFirstScreen(
  client: QueryClient,
  { quietMs = FIRST_SCREEN_QUIET_MS, capMs = FIRST_SCREEN_CAP_MS } = {},
): Promise<void> {
  const known = settled.get(client);
  if (known) return known;
  const done = new Promise<void>((resolve) => {
    const cache = client.getQueryCache();
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      unsubscribe();
      resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      const answered = cache.getAll().some((query) => query.state.dataUpdatedAt > 0);
      if (answered && client.isFetching() === 0) quiet = setTimeout(finish, quietMs);
    };
    const cap = setTimeout(finish, capMs);
    const unsubscribe = cache.subscribe(check);
    check();
  });
  settled.set(client, done);
  return done;
}
