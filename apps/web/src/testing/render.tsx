import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";

import { TOAST_DURATION_MS } from "@lab/contracts";

import { ToastProvider } from "@/components/ui/toast";
import { createQueryClient } from "@/lib/query-client";

/** Renders `ui` at `route` with the toast and query providers, plus stub pages for other routes. */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = "/",
    path = route,
    extraRoutes = [],
  }: { route?: string; path?: string; extraRoutes?: RouteObject[] } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: "/dashboard", element: <h1>Dashboard page</h1> },
      { path: "/login", element: <h1>Login page</h1> },
      ...extraRoutes,
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider duration={TOAST_DURATION_MS}>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
