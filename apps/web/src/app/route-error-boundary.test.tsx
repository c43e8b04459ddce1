import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as LoadFailure from "@/lib/load-failure";

import { lazyPage } from "./lazy-page";
import { RouteErrorBoundary } from "./route-error-boundary";

const reload = vi.hoisted(() => vi.fn());
vi.mock("@/lib/load-failure", async (original) => ({
  ...(await original<typeof LoadFailure>()),
  reloadPage: reload,
}));
// The error page's own chunk is gone too: a release within the first seconds of a visit, before the
// tab had fetched it.
vi.mock("@/components/errors/route-error", () => {
  throw new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/Err1.js");
});

const onLine = (value: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(value);

function renderScreen(load: () => Promise<never>) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: <Outlet />,
        children: [
          { errorElement: <RouteErrorBoundary />, children: [{ path: "ledger", lazy: lazyPage(load) }] },
        ],
      },
    ],
    { initialEntries: ["/ledger"] },
  );
  render(<RouterProvider router={router} />);
}

const gone = () =>
  Promise.reject(
    new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/Ab12.js"),
  );

describe("RouteErrorBoundary when the error page itself cannot be fetched", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    reload.mockClear();
  });
  afterEach(() => window.sessionStorage.clear());

  it("online, the screen's chunk of an older build is gone: one reload to the new build, not the bare fallback", async () => {
    onLine(true);
    renderScreen(gone);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("heading", { name: "No connection" })).not.toBeInTheDocument();
  });

  it("online, already reloaded for that chunk a moment ago: no loop, the fallback with its Retry", async () => {
    onLine(true);
    window.sessionStorage.setItem(
      "lab.reloadedFor",
      JSON.stringify({ chunk: "http://localhost/assets/Ab12.js", at: Date.now() }),
    );
    renderScreen(gone);
    expect(await screen.findByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it("offline from the start: 'No connection' with Retry, no reload", async () => {
    onLine(false);
    renderScreen(gone);
    expect(await screen.findByRole("heading", { name: "No connection" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
