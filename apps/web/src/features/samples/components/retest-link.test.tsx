import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Sample } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { euFailUsPass, makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { RetestLink } from "./retest-link";

const lot = { id: 41, code: "7K3M9Q2XAB" };
const screening = (overrides: Partial<Sample> = {}) =>
  makeSample({ id: 100, status: "COMPLETED", reportId: 7, purpose: "pre_harvest", lot, ...overrides });
const passed = [
  { code: "EU", name: "European Union", specVersionId: 3, version: 3, verdict: "pass" as const },
];

describe("RetestLink", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("a pre-harvest screening that failed a market links to Submit Sample for the same lot", async () => {
    mockFetch({ "GET /api/reports/7": { body: makeReport({ id: 7, markets: euFailUsPass() }) } });
    renderWithProviders(<RetestLink sample={screening()} />);
    const link = await screen.findByRole("link", { name: "Retest this lot" });
    expect(link).toHaveAttribute("href", "/submit-sample?lot=41&purpose=pre_harvest");
    expect(screen.getByText(/7K3M9Q2XAB/)).toBeInTheDocument();
  });

  it("no link when every market passed, before the report, or for a sample that is no pre-harvest screening", async () => {
    const { callsTo } = mockFetch({ "GET /api/reports/7": { body: makeReport({ id: 7, markets: passed }) } });
    const { unmount } = renderWithProviders(<RetestLink sample={screening()} />);
    await waitFor(() => expect(callsTo("GET", "/api/reports/7")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("link", { name: "Retest this lot" })).not.toBeInTheDocument();
    unmount();

    for (const sample of [
      screening({ status: "TESTING", reportId: null }),
      screening({ purpose: "monitoring" }),
      screening({ purpose: null }),
      screening({ lot: null }),
    ]) {
      const { unmount: done } = renderWithProviders(<RetestLink sample={sample} />);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole("link", { name: "Retest this lot" })).not.toBeInTheDocument();
      done();
    }
    // Only the screening with a report asked for it.
    expect(callsTo("GET", "/api/reports/7")).toHaveLength(1);
  });
});
