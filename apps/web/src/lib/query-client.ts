// TanStack Query for the signed-in screens, one client for the customer app and the lab console.
// Imported from their shells (lazy routes), so the /login bundle does not carry it.
import { QueryClient, type Query } from "@tanstack/react-query";

import { isApiError } from "./api-client";
import { onLogout } from "./auth";
import { LAB_QUERY_ROOT, labSessionStore } from "./lab-session";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
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
