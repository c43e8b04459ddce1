import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample, makeSummary } from "@/testing/sample-fixtures";

import { DashboardOverview } from "./dashboard-overview";

const SUMMARY = "/api/sample-submissions/summary";
const LIST = "/api/sample-submissions";

describe("DashboardOverview in Telugu", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("figures, counts by Telugu plural rules, status and category names", async () => {
    mockFetch({
      [`GET ${SUMMARY}`]: {
        body: makeSummary({ total: 1, pending: 0, testing: 0, completed: 2, successful: 1 }),
      },
      [`GET ${LIST}`]: {
        body: {
          items: [makeSample({ id: 9, status: "TESTING", shrimpCategory: "Tiger Shrimp" })],
          total: 1,
          page: 1,
          size: 3,
        },
      },
    });
    await act(async () => {
      await setLanguage("te");
    });
    renderWithProviders(<DashboardOverview />, { route: "/dashboard", path: "/dashboard" });
    const actions = await screen.findByRole("region", { name: "త్వరిత చర్యలు" });
    expect(within(actions).getByText("1 నమూనా పంపారు")).toBeInTheDocument();
    expect(within(actions).getByText("2 పరీక్షలు పూర్తయ్యాయి")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "నమూనాల లెక్కలు" })).toHaveTextContent("ఉత్తీర్ణత శాతం");
    const recent = screen.getByRole("region", { name: "ఇటీవలి కార్యకలాపాలు" });
    expect(within(recent).getByText("పరీక్ష జరుగుతోంది")).toBeInTheDocument();
    expect(within(recent).getByText(/టైగర్ రొయ్యలు/)).toHaveTextContent("నమూనా #9");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("మళ్లీ స్వాగతం, Asha Verma!");
  });
});
