import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { dashboardFirstRequests } from "@/features/dashboard/first-requests";
import { apiRequest } from "@/lib/api-client";
import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { makeSummary } from "@/testing/sample-fixtures";

import { preloadSignedIn } from "./preload";
import { AppProvider } from "./provider";
import { routes } from "./router";

const answers = () =>
  mockFetch({
    [`GET /api/customers/${customer.id}`]: { body: customer },
    "GET /api/notifications": { body: [] },
    "GET /api/sample-submissions/summary": { body: makeSummary({ total: 0 }) },
    "GET /api/sample-submissions": { body: { items: [], total: 0, page: 1, size: 3 } },
  });

const getsOf = (requests: ReturnType<typeof answers>["requests"]) =>
  requests
    .filter((request) => request.method === "GET")
    .map(
      (request) => `${request.path.replace(/^\/api/, "")}${request.query.size ? `?${request.query}` : ""}`,
    );

function renderDashboard() {
  const router = createMemoryRouter(routes, { initialEntries: ["/dashboard"] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe("the dashboard's first requests, started beside its code", () => {
  afterEach(() => logout());

  it("the list is what the shell and the dashboard really ask for on a first visit", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const { requests } = answers();
    renderDashboard();
    expect(await screen.findByText("Recent Activity")).toBeInTheDocument();
    expect(new Set(getsOf(requests))).toEqual(new Set(dashboardFirstRequests(customer.id)));
  });

  it("preloaded: each is asked for once, with the session's token, and the screen uses those answers", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const { requests } = answers();
    preloadSignedIn("en", true);
    expect(getsOf(requests).sort()).toEqual([...dashboardFirstRequests(customer.id)].sort());
    expect(requests.every((request) => request.headers.Authorization === "Bearer jwt")).toBe(true);
    renderDashboard();
    expect(await screen.findByText("Recent Activity")).toBeInTheDocument();
    const gets = getsOf(requests);
    expect(gets.length).toBe(new Set(gets).size);
  });

  it("an early answer nobody took is never used after a write: the next read asks the server afresh", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const { requests, callsTo } = answers();
    preloadSignedIn("en", true);
    await apiRequest(`/customers/${customer.id}`, {
      method: "PUT",
      body: { company: "Raman Aqua Farms" },
    }).catch(() => undefined);
    await apiRequest(`/customers/${customer.id}`);
    expect(callsTo("GET", `/api/customers/${customer.id}`)).toHaveLength(2);
    expect(requests.filter((request) => request.method === "PUT")).toHaveLength(1);
  });
});
