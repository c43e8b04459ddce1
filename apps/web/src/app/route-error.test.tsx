import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { RouteError } from "@/components/errors/route-error";
import { ApiError } from "@/lib/api-client";
import { setLanguage } from "@/lib/i18n/i18n";
import type * as LoadFailure from "@/lib/load-failure";
import { loadAllNamespaces } from "@/testing/setup";

import { lazyPage } from "./lazy-page";

const reload = vi.hoisted(() => vi.fn());
vi.mock("@/lib/load-failure", async (original) => ({
  ...(await original<typeof LoadFailure>()),
  reloadPage: reload,
}));

const onLine = (value: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(value);

function Ledger() {
  return <h1>Sample Ledger</h1>;
}

function Shell() {
  return (
    <>
      <nav aria-label="Main" />
      <Outlet />
    </>
  );
}

/** A shell (its nav stays) around a screen, with the error page on the screen's level. */
function renderScreen(screenRoute: { lazy?: ReturnType<typeof lazyPage>; Component?: () => never }) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: <Shell />,
        children: [{ errorElement: <RouteError />, children: [{ path: "ledger", ...screenRoute }] }],
      },
    ],
    { initialEntries: ["/ledger"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("RouteError", () => {
  beforeEach(() => {
    // React and React Router log every caught error; the page under test is what matters.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(async () => {
    window.sessionStorage.clear();
    await setLanguage("en");
  });

  it("offline, a screen's chunk the device does not hold: 'No connection' with Retry inside the shell, asked once; back online it loads by itself", async () => {
    const online = onLine(false);
    const load = vi
      .fn<() => Promise<{ default: typeof Ledger }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module: /assets/ledger.js"))
      .mockResolvedValue({ default: Ledger });
    renderScreen({ lazy: lazyPage(load) });
    expect(await screen.findByRole("heading", { name: "No connection" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);

    online.mockReturnValue(true);
    // The page listens from an effect, which a loaded machine may run after the heading shows: the
    // browser's event is sent until the screen is there.
    await waitFor(
      () => {
        window.dispatchEvent(new Event("online"));
        expect(screen.getByRole("heading", { name: "Sample Ledger" })).toBeInTheDocument();
      },
      { timeout: 5000 },
    );
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("offline, a screen's chunk the service worker holds: the screen shows", async () => {
    const online = onLine(false);
    const load = vi.fn(() => Promise.resolve({ default: Ledger }));
    renderScreen({ lazy: lazyPage(load) });
    expect(await screen.findByRole("heading", { name: "Sample Ledger" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    online.mockReturnValue(true);
  });

  it("a failed fetch while online is not asked again on every render: once more only on Retry", async () => {
    onLine(true);
    const load = vi
      .fn<() => Promise<{ default: typeof Ledger }>>()
      .mockRejectedValueOnce(new ApiError(0, "Network error. Please try again later.", "network"))
      .mockResolvedValue({ default: Ledger });
    renderScreen({ lazy: lazyPage(load) });
    expect(await screen.findByRole("heading", { name: "No connection" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Sample Ledger" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("in the reader's language (Telugu), from the common catalogue", async () => {
    await loadAllNamespaces("te");
    await setLanguage("te");
    const online = onLine(false);
    renderScreen({
      lazy: lazyPage(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module"))),
    });
    expect(await screen.findByRole("heading", { name: "ఇంటర్నెట్ కనెక్షన్ లేదు" })).toBeInTheDocument();
    online.mockReturnValue(true);
  });

  it("a chunk of an older build (404 while online): one reload; the same chunk missing after it: no loop, a Reload button", async () => {
    onLine(true);
    const gone = new TypeError(
      "Failed to fetch dynamically imported module: http://localhost/assets/Ab12.js",
    );
    renderScreen({ lazy: lazyPage(() => Promise.reject(gone)) });
    expect(await screen.findByRole("heading", { name: "A new version of the portal" })).toBeInTheDocument();
    // The reload comes from an effect after the page shows.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("after that reload the same chunk is still missing: no second reload (sessionStorage guard)", async () => {
    onLine(true);
    reload.mockClear();
    const gone = new TypeError(
      "Failed to fetch dynamically imported module: http://localhost/assets/Ab12.js",
    );
    window.sessionStorage.setItem(
      "lab.reloadedFor",
      JSON.stringify({ chunk: "http://localhost/assets/Ab12.js", at: Date.now() }),
    );
    renderScreen({ lazy: lazyPage(() => Promise.reject(gone)) });
    expect(await screen.findByRole("heading", { name: "A new version of the portal" })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("an unexpected error from a request: a friendly page with the API's request id as reference, never the stack", async () => {
    const failure = new ApiError(500, "Server error. Please try again later.");
    failure.requestId = "5f0c9b2e-7d1a-4c3e-9f6b-2a8d4e1c7b90";
    renderScreen({
      Component: () => {
        throw failure;
      },
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByTestId("support-reference")).toHaveTextContent("5f0c9b2e-7d1a-4c3e-9f6b-2a8d4e1c7b90");
    expect(document.body.textContent).not.toMatch(/route-error\.test|at Component/);
    expect(document.body.textContent).not.toMatch(/Unexpected Application Error|Hey developer/);
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  it("an unexpected error without a request: a generated reference", async () => {
    renderScreen({
      Component: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'map')");
      },
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByTestId("support-reference").textContent).toMatch(/^[0-9A-F]{8}$/);
    expect(document.body.textContent).not.toContain("reading 'map'");
  });
});
