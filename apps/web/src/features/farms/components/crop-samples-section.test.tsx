import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { CropSamples, Trend } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeParameterLine } from "@/testing/report-fixtures";

import { makeCrop } from "../testing/farm-fixtures";
import { CropSamplesSection } from "./crop-samples-section";

const samples: CropSamples = {
  items: [
    {
      id: 102,
      createdAt: "2026-03-10T06:00:00.000Z",
      purpose: "monitoring",
      status: "TESTING",
      lotCode: null,
      report: null,
    },
    {
      id: 101,
      createdAt: "2026-03-01T06:00:00.000Z",
      purpose: "pre_harvest",
      status: "COMPLETED",
      lotCode: "7K3M9Q2XAB",
      report: {
        id: 55,
        certification: "NSP-CERT-2026-0042",
        status: "valid",
        verdicts: [
          { market: "EU", verdict: "fail" },
          { market: "US", verdict: "pass" },
        ],
      },
    },
  ],
  parameters: [{ code: "CAP", name: "Chloramphenicol" }],
};

const { markets: _markets, ...capParameter } = makeParameterLine();
const trend: Trend = {
  parameter: capParameter,
  market: null,
  limit: null,
  points: [
    {
      reportId: 55,
      sampleId: 101,
      at: "2026-03-05T09:00:00.000Z",
      value: 0.2,
      qualifier: null,
      display: "0.2",
      verdict: "fail",
    },
    {
      reportId: 56,
      sampleId: 99,
      at: "2026-03-08T09:00:00.000Z",
      value: 0.05,
      qualifier: null,
      display: "0.05",
      verdict: "pass",
    },
  ],
};

const render = (routes: Parameters<typeof mockFetch>[0]) => {
  const fetches = mockFetch({
    "GET /api/markets": { body: [{ code: "EU", name: "European Union" }] },
    "GET /api/reports/trend": { body: trend },
    ...routes,
  });
  renderWithProviders(<CropSamplesSection crop={makeCrop()} />, { route: "/farms/11" });
  return fetches;
};

const toggle = () => screen.getByRole("button", { name: /^Samples and results/ });

describe("CropSamplesSection (on the farm page)", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("closed at first and loads nothing; opened: each sample with its date, purpose, status, lot, verdicts per market and links to the sample and the report", async () => {
    const { callsTo } = render({ "GET /api/crops/31/samples": { body: samples } });
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(callsTo("GET", "/api/crops/31/samples")).toHaveLength(0);

    await userEvent.setup().click(toggle());
    const list = within(await screen.findByRole("list", { name: "Samples of the crop in pond P1" }));
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(toggle()).toHaveTextContent("Samples and results (2)");
    // Newest first, as the server lists them.
    const titles = list.getAllByText(/^Sample #\d+$/).map((node) => node.textContent);
    expect(titles).toEqual(["Sample #102", "Sample #101"]);

    expect(list.getByText("Sample #101")).toBeInTheDocument();
    expect(list.getByText("1 Mar 2026 · Pre-harvest screening · Lot 7K3M9Q2XAB")).toBeInTheDocument();
    const verdicts = within(list.getByRole("list", { name: "Verdicts of sample #101 by market" }));
    expect(verdicts.getByText(/EU/)).toHaveTextContent(/Fail/);
    expect(verdicts.getByText(/US/)).toHaveTextContent(/Pass/);
    expect(list.getByRole("link", { name: "Open sample #101" })).toHaveAttribute("href", "/timeline/101");
    expect(list.getByRole("link", { name: "Open the report of sample #101" })).toHaveAttribute(
      "href",
      "/report/55",
    );

    expect(list.getByText("10 Mar 2026 · Monitoring")).toBeInTheDocument();
    expect(list.getByText("No report yet")).toBeInTheDocument();
    expect(list.getByRole("link", { name: "Open sample #102" })).toHaveAttribute("href", "/timeline/102");
    expect(list.queryByRole("link", { name: "Open the report of sample #102" })).not.toBeInTheDocument();
  });

  it("the pond's trend of a parameter its reports carry: asked by pond id, drawn with its table", async () => {
    const { callsTo } = render({ "GET /api/crops/31/samples": { body: samples } });
    await userEvent.setup().click(toggle());
    expect(await screen.findByRole("heading", { name: "Results over time in pond P1" })).toBeInTheDocument();
    expect(screen.getByLabelText("Parameter")).toHaveValue("CAP");
    const chart = await screen.findByTestId("trend-chart");
    expect(within(chart).getAllByTestId("trend-point")).toHaveLength(2);
    expect(screen.getByRole("table", { name: "Chloramphenicol results by date" })).toBeInTheDocument();
    const asked = callsTo("GET", "/api/reports/trend").at(-1);
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ pondId: "21", parameter: "CAP" });
  });

  it("a crop without samples says so, with no trend", async () => {
    render({ "GET /api/crops/31/samples": { body: { items: [], parameters: [] } } });
    await userEvent.setup().click(toggle());
    expect(await screen.findByText("No sample names this crop yet.")).toBeInTheDocument();
    expect(toggle()).toHaveTextContent("Samples and results (0)");
    expect(screen.queryByRole("heading", { name: /Results over time/ })).not.toBeInTheDocument();
  });

  it("a failed load is said with the server's message and Try again loads it again", async () => {
    let calls = 0;
    render({
      "GET /api/crops/31/samples": () => {
        calls += 1;
        return calls === 1
          ? { status: 404, body: { error: "Crop not found", code: "not_found" } }
          : { body: samples };
      },
    });
    const user = userEvent.setup();
    await user.click(toggle());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The samples could not be loaded.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByText("Sample #101")).toBeInTheDocument());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
