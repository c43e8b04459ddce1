// TanStack Query for the signed-in screens, one client for the customer app and the lab console.
// Imported from their shells (lazy routes), so the /login bundle does not carry it.
import { onlineManager, QueryClient, type Query } from "@tanstack/react-query";

import { isApiError } from "./api-client";
import { onLogout } from "./auth";
import { LAB_QUERY_ROOT, labSessionStore } from "./lab-session";
import { backoffDelay, isOffline } from "./network";

/** Query retries: 1 s, 2 s (each half jitter), never in step with the other phones on the tower. */
export const QUERY_RETRY_BACKOFF = { baseMs: 1_000, capMs: 30_000 } as const;
export const queryRetryDelay = (failureCount: number, random = Math.random): number =>
  backoffDelay(failureCount + 1, QUERY_RETRY_BACKOFF, random);

// TanStack's online state follows the browser's online/offline events from now on; it starts as
// "online" unless told. With networkMode "online" (the default, kept), queries and mutations neither
// start nor retry while offline: they pause, and resume on `online`.
onlineManager.setOnline(!isOffline());

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
        retryDelay: (failureCount) => queryRetryDelay(failureCount),
        networkMode: "online",
      },
      // A mutation is never repeated by itself (the person decides; submissions carry an
      // Idempotency-Key); offline it waits for the connection instead of failing.
      mutations: { retry: false, networkMode: "online" },
    },
  });
}

export const queryClient = createQueryClient();

// Nothing of one account's data survives its session. The console's queries are keyed under
// LAB_QUERY_ROOT, so each session clears its own and leaves the other's (both can be open in one browser).
const isLabQuery = (query: Query) => query.queryKey[0] === LAB_QUERY_ROOT;
onLogout(() => {
  queryClient.removeQueries({ predicate: (query) => !isLabQuery(query) });
  queryClient.getMutationCache().clear();
});
labSessionStore.onLogout(() => queryClient.removeQueries({ predicate: isLabQuery }));
