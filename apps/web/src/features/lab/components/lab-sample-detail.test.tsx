import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Sample } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { LabSampleDetail } from "./lab-sample-detail";

const staff = {
  id: 1,
  email: "lab@aquatest.local",
  name: "Lab Admin",
  roles: ["analyst" as const, "reviewer" as const],
};
const agents = [
  { id: 5, name: "Suresh Babu", phone: "+91 90000 22222", active: true, coordinates: null },
  { id: 6, name: "Retired Ravi", phone: "+91 90000 33333", active: false, coordinates: null },
];

const detail = (sample: Partial<Sample>, report: ReturnType<typeof makeReport> | null = null) => ({
  sample: {
    ...makeSample({ id: 100, ...sample }),
    customerName: "Asha Verma",
    company: "Blue Bay Aqua",
    customerEmail: "asha@example.com",
  },
  events: [
    {
      id: 1,
      sampleId: 100,
      from: null,
      to: "PENDING",
      actor: "customer:7",
      by: "Ravi Kumar",
      note: null,
      at: "2025-01-10T06:30:00Z",
    },
  ],
  report,
});

const render = () =>
  renderWithProviders(<LabSampleDetail sampleId="100" />, {
    route: "/lab/samples/100",
    path: "/lab/samples/:id",
  });

describe("LabSampleDetail", () => {
  beforeEach(() => startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" }));
  afterEach(() => resetLabSessionCache());

  it("TESTING: one result row per requested test type; Issue Report posts exactly those rows and the texts", async () => {
    const testTypes = ["Viral Disease Screening", "Allergen Testing", "Shelf Life Evaluation"];
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": { body: detail({ status: "TESTING", testTypes }) },
      "POST /api/lab/samples/100/report": { status: 201, body: makeReport() },
    });
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole("form", { name: "Test results" });
    const rows = within(form)
      .getAllByRole("group")
      .filter((group) => testTypes.includes(group.querySelector("legend")?.textContent ?? ""));
    expect(rows.map((row) => row.querySelector("legend")?.textContent)).toEqual(testTypes);

    // Nothing entered: a value and a verdict are required per row, nothing is sent.
    await user.click(within(form).getByRole("button", { name: "Issue Report" }));
    expect(within(form).getAllByText("Enter the measured value")).toHaveLength(3);
    expect(within(form).getAllByText("The verdict must be pass or fail")).toHaveLength(3);
    expect(callsTo("POST", "/api/lab/samples/100/report")).toHaveLength(0);

    const fill = async (
      row: HTMLElement,
      values: { value: string; unit?: string; limit?: string; method?: string; verdict: string },
    ) => {
      await user.type(within(row).getByLabelText(/Value/), values.value);
      if (values.unit) await user.type(within(row).getByLabelText("Unit"), values.unit);
      if (values.limit) await user.type(within(row).getByLabelText("Limit"), values.limit);
      if (values.method) await user.type(within(row).getByLabelText("Method"), values.method);
      await user.selectOptions(within(row).getByLabelText(/Verdict/), values.verdict);
    };
    const [viral, allergen, shelf] = rows as [HTMLElement, HTMLElement, HTMLElement];
    await fill(viral, { value: "Not detected", limit: "Not detected", method: "qPCR", verdict: "pass" });
    await fill(allergen, { value: "0.2", unit: "mg/kg", limit: "≤ 1", method: "ELISA", verdict: "pass" });
    await fill(shelf, { value: "4", unit: "days", limit: "≥ 7", method: "Sensory", verdict: "fail" });
    expect(screen.getByText(/Overall result: Test Failed/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Initial Inspection"), "Received chilled");
    await user.type(screen.getByLabelText("Viral Screening"), "WSSV not detected");
    await user.type(screen.getByLabelText("Water Quality"), "Normal");
    await user.type(screen.getByLabelText("Final Review"), "Shelf life too short");
    await user.click(within(form).getByRole("button", { name: "Issue Report" }));

    await waitFor(() => expect(callsTo("POST", "/api/lab/samples/100/report")).toHaveLength(1));
    const call = callsTo("POST", "/api/lab/samples/100/report")[0];
    expect(call?.headers.Authorization).toBe("Bearer lab-jwt");
    expect(call?.body).toEqual({
      initialInspection: "Received chilled",
      labResults: {
        viralScreening: "WSSV not detected",
        bacterialAnalysis: "",
        parasiteCheck: "",
        geneticMarkers: "",
        waterQuality: "Normal",
      },
      finalReview: "Shelf life too short",
      tests: [
        {
          testType: "Viral Disease Screening",
          value: "Not detected",
          unit: "",
          limit: "Not detected",
          method: "qPCR",
          verdict: "pass",
        },
        {
          testType: "Allergen Testing",
          value: "0.2",
          unit: "mg/kg",
          limit: "≤ 1",
          method: "ELISA",
          verdict: "pass",
        },
        {
          testType: "Shelf Life Evaluation",
          value: "4",
          unit: "days",
          limit: "≥ 7",
          method: "Sensory",
          verdict: "fail",
        },
      ],
    });
    expect(await screen.findByText("Report issued for sample #100")).toBeInTheDocument();
  });

  it("an illegal move: the API's 409 text in an alert", async () => {
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "COLLECTING", assigned: "Suresh Babu-+91 90000 22222" }),
      },
      "GET /api/lab/agents": { body: agents },
      "POST /api/lab/samples/100/status": {
        status: 409,
        body: { error: "Cannot move sample from TESTING to COLLECTED", code: "conflict" },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Mark Collected" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Cannot move sample from TESTING to COLLECTED",
    );
  });

  it("PENDING with no agent: flagged; the roster offers active agents only; Assign Agent posts the agent id", async () => {
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": { body: detail({ status: "PENDING" }) },
      "GET /api/lab/agents": { body: agents },
      "POST /api/lab/samples/100/assign": { body: makeSample({ id: 100, status: "COLLECTING" }) },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/No agent yet/)).toBeInTheDocument();
    const select = await screen.findByLabelText("Agent");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose an agent...", "Suresh Babu · +91 90000 22222"]);
    await user.selectOptions(select, "5");
    await user.click(screen.getByRole("button", { name: "Assign Agent" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/samples/100/assign")[0]?.body).toEqual({ agentId: 5 }),
    );
  });

  it("COMPLETED with a valid report: Revoke needs a reason, then posts it", async () => {
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": { body: detail({ status: "COMPLETED" }, makeReport({ id: 41 })) },
      "POST /api/lab/reports/41/revoke": { body: makeReport({ id: 41, status: "revoked" }) },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Revoke Report" }));
    expect(screen.getByText("Give the reason for revoking")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Reason for revoking/), "Sample mislabelled");
    await user.click(screen.getByRole("button", { name: "Revoke Report" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/reports/41/revoke")[0]?.body).toEqual({
        reason: "Sample mislabelled",
      }),
    );
  });
});
