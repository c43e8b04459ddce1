import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample, makeSummary } from "@/testing/sample-fixtures";

import { DashboardOverview, isNewAccount } from "./dashboard-overview";
import { successRate } from "./sample-overview";

const SUMMARY = "/api/sample-submissions/summary";
const LIST = "/api/sample-submissions";

const render = () => renderWithProviders(<DashboardOverview />, { route: "/dashboard", path: "/dashboard" });

const statCard = (label: string) => {
  const stats = screen.getByRole("region", { name: "Sample figures" });
  const item = within(stats)
    .getAllByRole("listitem")
    .find((entry) => entry.textContent?.includes(label));
  if (!item) throw new Error(`no stat card ${label}`);
  return item;
};

describe("isNewAccount", () => {
  const now = Date.parse("2026-01-10T12:00:00.000Z");
  it("created under a day ago with no sample (or the count not in yet): new", () => {
    expect(isNewAccount("2026-01-10T08:00:00.000Z", 0, now)).toBe(true);
    expect(isNewAccount("2026-01-10T08:00:00.000Z", undefined, now)).toBe(true);
  });
  it("a sample already, or an account a day old or more: not new", () => {
    expect(isNewAccount("2026-01-10T08:00:00.000Z", 1, now)).toBe(false);
    expect(isNewAccount("2026-01-09T12:00:00.000Z", 0, now)).toBe(false);
    expect(isNewAccount("not a date", 0, now)).toBe(false);
  });
});

describe("DashboardOverview greeting", () => {
  afterEach(() => logout());

  it("an account created a moment ago with no samples is greeted 'Welcome', not 'Welcome back'", async () => {
    startSession({
      user: { ...customer, createdAt: new Date(Date.now() - 60_000).toISOString() },
      token: "jwt",
      expiresIn: 3600,
    });
    mockFetch({
      [`GET ${SUMMARY}`]: { body: makeSummary({ total: 0 }) },
      [`GET ${LIST}`]: { body: { items: [], total: 0, page: 1, size: 3 } },
    });
    render();
    expect(await screen.findByRole("heading", { name: "Welcome, Asha Verma!" })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });
});

describe("DashboardOverview", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("figures: count cards link to the filtered list only above 0; Success Rate 100% when every completed sample passed", async () => {
    const { callsTo } = mockFetch({
      [`GET ${SUMMARY}`]: {
        body: makeSummary({ total: 6, pending: 3, collected: 0, testing: 1, completed: 2, successful: 2 }),
      },
      [`GET ${LIST}`]: { body: { items: [], total: 6, page: 1, size: 3 } },
    });
    render();
    expect(screen.getByRole("heading", { name: "Welcome back, Asha Verma!" })).toBeInTheDocument();
    expect(screen.getByText("Loading Dashboard...")).toBeInTheDocument();
    await screen.findByRole("region", { name: "Sample figures" });

    expect(within(statCard("Pending Samples")).getByRole("link")).toHaveAttribute(
      "href",
      "/samples?status=pending",
    );
    expect(within(statCard("Pending Samples")).getByText("3")).toBeInTheDocument();
    expect(within(statCard("Collected")).queryByRole("link")).not.toBeInTheDocument();
    expect(within(statCard("Testing in Progress")).getByRole("link")).toHaveAttribute(
      "href",
      "/samples?status=testing",
    );
    expect(within(statCard("Completed Tests")).getByRole("link")).toHaveAttribute(
      "href",
      "/samples?status=completed",
    );
    expect(within(statCard("Success Rate")).getByText("100%")).toBeInTheDocument();
    expect(within(statCard("Success Rate")).queryByRole("link")).not.toBeInTheDocument();
    expect(callsTo("GET", LIST)[0]?.query.get("size")).toBe("3");
  });

  it("action cards: View Profile, Submit Sample, Sample History (total) and Test Reports (completed) link", async () => {
    mockFetch({
      [`GET ${SUMMARY}`]: { body: makeSummary({ total: 6, pending: 4, completed: 2 }) },
      [`GET ${LIST}`]: { body: { items: [], total: 6, page: 1, size: 3 } },
    });
    render();
    const actions = await screen.findByRole("region", { name: "Quick actions" });
    expect(within(actions).getByRole("link", { name: /View Profile/ })).toHaveAttribute("href", "/profile");
    expect(within(actions).getByRole("link", { name: /Submit Sample/ })).toHaveAttribute(
      "href",
      "/submit-sample",
    );
    expect(
      within(actions).getByRole("link", { name: /Sample History.*6 samples submitted/ }),
    ).toHaveAttribute("href", "/samples");
    expect(within(actions).getByRole("link", { name: /Test Reports.*2 completed tests/ })).toHaveAttribute(
      "href",
      "/reports",
    );
  });

  it("nothing yet: every count card inert, Success Rate 0%, Recent Activity empty", async () => {
    mockFetch({
      [`GET ${SUMMARY}`]: { body: makeSummary() },
      [`GET ${LIST}`]: { body: { items: [], total: 0, page: 1, size: 3 } },
    });
    render();
    const stats = await screen.findByRole("region", { name: "Sample figures" });
    expect(within(stats).queryAllByRole("link")).toHaveLength(0);
    expect(within(statCard("Success Rate")).getByText("0%")).toBeInTheDocument();
    expect(screen.getByText(/No samples yet/)).toBeInTheDocument();
  });

  it("Recent Activity: the 3 newest with location, category, id, status and date", async () => {
    mockFetch({
      [`GET ${SUMMARY}`]: { body: makeSummary({ total: 3, pending: 2, completed: 1 }) },
      [`GET ${LIST}`]: {
        body: {
          items: [
            makeSample({
              id: 21,
              status: "COMPLETED",
              samplerLocation: "Kakinada",
              shrimpCategory: "Pink Shrimp",
            }),
            makeSample({ id: 22, samplerLocation: "Ongole" }),
            makeSample({ id: 23, status: "COLLECTED", samplerLocation: "Guntur" }),
          ],
          total: 3,
          page: 1,
          size: 3,
        },
      },
    });
    render();
    const recent = await screen.findByRole("region", { name: "Recent Activity" });
    const links = within(recent).getAllByRole("link");
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute("href", "/samples?highlight=21");
    expect(links[0]).toHaveTextContent("Kakinada");
    expect(links[0]).toHaveTextContent("Pink Shrimp · Sample #21");
    expect(links[0]).toHaveTextContent("Completed");
    expect(links[2]).toHaveTextContent("COLLECTED");
  });

  it("load fails: 'Error Loading Dashboard' with Try Again", async () => {
    mockFetch({ [`GET ${SUMMARY}`]: { status: 404, body: { error: "Not found" } } });
    render();
    expect(await screen.findByRole("heading", { name: "Error Loading Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("successRate: standing passed reports over completed samples; a revoked or failed report lowers it", () => {
    expect(successRate({ completed: 5, successful: 5 })).toBe(100);
    expect(successRate({ completed: 4, successful: 3 })).toBe(75);
    expect(successRate({ completed: 3, successful: 0 })).toBe(0);
    expect(successRate({ completed: 0, successful: 0 })).toBe(0);
  });
});
