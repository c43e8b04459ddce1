import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Trend } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { euFailUsPass, makeParameterLine, makeReport } from "@/testing/report-fixtures";
import { makeProvider } from "@/testing/sample-fixtures";

import { ReportsList } from "./reports-list";

const { markets: _markets, ...capParameter } = makeParameterLine();

const trend = (market: string | null): Trend => ({
  parameter: capParameter,
  market,
  limit:
    market === "EU"
      ? {
          kind: "max",
          min: null,
          max: 0.15,
          strict: true,
          grade: null,
          reference: "Reg. (EU) 2019/1871",
          effectiveFrom: "2022-11-28",
        }
      : null,
  points: [
    {
      reportId: 1,
      sampleId: 10,
      at: "2026-01-05T09:00:00.000Z",
      value: null,
      qualifier: "not_detected",
      display: "Not detected",
      verdict: "pass",
    },
    {
      reportId: 2,
      sampleId: 11,
      at: "2026-01-20T09:00:00.000Z",
      value: 0.08,
      qualifier: null,
      display: "0.08",
      verdict: "pass",
    },
    {
      reportId: 3,
      sampleId: 12,
      at: "2026-02-03T09:00:00.000Z",
      value: 0.2,
      qualifier: null,
      display: "0.2",
      verdict: "fail",
    },
  ],
});

describe("ResultsTrend (on /reports)", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("choose a farm, a parameter and a market: the SVG draws each point and the market's limit line, with a text summary and a table", async () => {
    const { requests } = mockFetch({
      "GET /api/reports": {
        body: [makeReport({ id: 3, markets: euFailUsPass(), parameters: [makeParameterLine()] })],
      },
      "GET /api/customers/7/sample-providers": {
        body: [makeProvider({ id: 11, samplerName: "Lakshmi Farms" })],
      },
      "GET /api/markets": { body: [{ code: "EU", name: "European Union" }] },
      "GET /api/reports/trend": (request) => ({ body: trend(request.query.get("market")) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsList />, { route: "/reports", path: "/reports" });
    expect(await screen.findByRole("heading", { name: "Results Over Time" })).toBeInTheDocument();
    expect(screen.getByLabelText("Parameter")).toHaveValue("CAP");
    expect(screen.getByText("Choose a farm or pond to see its results over time.")).toBeInTheDocument();

    await screen.findByRole("option", { name: "Lakshmi Farms" });
    await user.selectOptions(screen.getByLabelText("Farm or pond"), "11");
    const chart = await screen.findByTestId("trend-chart");
    expect(within(chart).getAllByTestId("trend-point")).toHaveLength(3);
    expect(within(chart).queryByTestId("limit-line")).not.toBeInTheDocument();

    await screen.findByRole("option", { name: "EU · European Union" });
    await user.selectOptions(screen.getByLabelText("Limit of market"), "EU");
    await waitFor(() => expect(screen.getByTestId("limit-line")).toHaveTextContent("EU max 0.15"));
    const lastCall = requests.filter((request) => request.path === "/api/reports/trend").at(-1);
    expect(Object.fromEntries(lastCall?.query ?? [])).toEqual({
      providerId: "11",
      parameter: "CAP",
      market: "EU",
    });

    // The chart's accessible name carries the summary; the outside point is a cross in words too.
    const img = screen.getByRole("img", { name: /Chloramphenicol against the EU limit/ });
    expect(img).toHaveAccessibleName(expect.stringContaining("3 results from") as unknown);
    expect(img).toHaveAccessibleName(expect.stringContaining("1 outside the EU limit < 0.15") as unknown);
    const table = screen.getByRole("table", { name: "Chloramphenicol results by date" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent("0.2");
    expect(within(rows[3] as HTMLElement).getByText("✗ Outside EU limit")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Not detected")).toBeInTheDocument();
  });

  it("hidden when no report carries certified parameters (old reports)", async () => {
    mockFetch({ "GET /api/reports": { body: [makeReport()] } });
    renderWithProviders(<ReportsList />, { route: "/reports", path: "/reports" });
    await screen.findByRole("region", { name: "Report figures" });
    expect(screen.queryByRole("heading", { name: "Results Over Time" })).not.toBeInTheDocument();
  });

  it("in Telugu: the summary sentence, the table and its verdicts read in Telugu", async () => {
    mockFetch({
      "GET /api/reports": {
        body: [makeReport({ id: 3, markets: euFailUsPass(), parameters: [makeParameterLine()] })],
      },
      "GET /api/customers/7/sample-providers": {
        body: [makeProvider({ id: 11, samplerName: "Lakshmi Farms" })],
      },
      "GET /api/markets": { body: [{ code: "EU", name: "European Union" }] },
      "GET /api/reports/trend": (request) => ({ body: trend(request.query.get("market")) }),
    });
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsList />, { route: "/reports", path: "/reports" });
    expect(await screen.findByRole("heading", { name: "కాలక్రమంలో ఫలితాలు" })).toBeInTheDocument();
    await screen.findByRole("option", { name: "Lakshmi Farms" });
    await user.selectOptions(screen.getByLabelText("పొలం లేదా చెరువు"), "11");
    await screen.findByRole("option", { name: "EU · యూరోపియన్ యూనియన్" });
    await user.selectOptions(screen.getByLabelText("ఏ మార్కెట్ పరిమితి"), "EU");
    await waitFor(() => expect(screen.getByTestId("limit-line")).toHaveTextContent("EU గరిష్ఠం 0.15"));
    const img = screen.getByRole("img", { name: /EU పరిమితితో పోల్చిన క్లోరాంఫెనికాల్ \(CAP\)/ });
    expect(img).toHaveAccessibleName(expect.stringContaining("Lakshmi Farms వద్ద క్లోరాంఫెనికాల్ (CAP):") as unknown);
    expect(img).toHaveAccessibleName(expect.stringContaining("3 ఫలితాలు") as unknown);
    expect(img).toHaveAccessibleName(expect.stringContaining("తాజా ఫలితం 0.2 µg/kg") as unknown);
    expect(img).toHaveAccessibleName(expect.stringContaining("EU పరిమితి < 0.15 దాటినవి 1.") as unknown);
    const table = screen.getByRole("table", { name: "తేదీల వారీగా క్లోరాంఫెనికాల్ (CAP) ఫలితాలు" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[3] as HTMLElement).getByText("✗ EU పరిమితి దాటింది")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("కనబడలేదు")).toBeInTheDocument();
  });
});
