// TanStack Query for the signed-in screens. Imported from the signed-in shell (a lazy route), so
// the /login bundle does not carry it.
import { QueryClient } from "@tanstack/react-query";

import { isApiError } from "./api-client";
import { onLogout } from "./auth";

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

// Nothing of one user's data survives their session.
onLogout(() => queryClient.clear());
