import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import {
  resultMessages,
  type LabSampleDetail as LabSampleDetailBody,
  type RevocationRequest,
  type Sample,
} from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeLabReport as makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { CAP, SALM, makeAnalysis, markets } from "@/testing/lab-results-fixtures";

import { LabSampleScreen } from "./sample-screen";

// The four-eyes notice (lab catalogue "review.samePerson"), in English.
const SAME_PERSON_TEXT = "You entered these results; a different staff member must review and release them.";

const staff = {
  id: 1,
  email: "lab@aquatest.local",
  name: "Lab Admin",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};
const agents = [
  { id: 5, name: "Suresh Babu", phone: "+91 90000 22222", active: true, coordinates: null },
  { id: 6, name: "Retired Ravi", phone: "+91 90000 33333", active: false, coordinates: null },
];

const detail = (
  sample: Partial<Sample>,
  report: ReturnType<typeof makeReport> | null = null,
  extra: Partial<Pick<LabSampleDetailBody, "reports" | "panel" | "analysis">> = {},
): LabSampleDetailBody => ({
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
  reports: report ? [report] : [],
  panel: [],
  analysis: null,
  ...extra,
});

const render = () =>
  renderWithProviders(<LabSampleScreen sampleId="100" />, {
    route: "/lab/samples/100",
    path: "/lab/samples/:id",
  });

// The page also loads its chain of custody and labels: more than the default 5 s on a loaded 2-core machine.
describe("LabSampleDetail", { timeout: 15_000 }, () => {
  beforeEach(() => startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" }));
  afterEach(() => resetLabSessionCache());

  it("TESTING, no results yet: one row per panel parameter; Save Results posts them", async () => {
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "TESTING", markets: ["EU"] }, null, { panel: [CAP, SALM] }),
      },
      "GET /api/lab/markets": { body: markets },
      "POST /api/lab/samples/100/results": {
        body: makeAnalysis(
          [CAP, SALM],
          { CAP: { value: 0.02, qualifier: null } },
          { state: "awaiting_results" },
        ),
      },
    });
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole("form", { name: "Test results" });
    expect(
      within(form)
        .getAllByTestId("result-row")
        .map((row) => row.dataset.code),
    ).toEqual(["CAP", "SALM"]);
    expect(within(form).getByRole("list", { name: "Market verdicts so far" })).toHaveTextContent("EU");
    await user.type(within(form).getByLabelText("Value (µg/kg)"), "0.02");
    await user.click(within(form).getByRole("button", { name: "Save Results" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/samples/100/results")[0]?.body).toEqual({
        results: [{ code: "CAP", value: 0.02 }],
      }),
    );
    expect(callsTo("POST", "/api/lab/samples/100/report")).toHaveLength(0);
  });

  it("after Save Results the answer stays shown and the round moves to review", async () => {
    const answer = makeAnalysis(
      [CAP],
      { CAP: { value: 0.02, qualifier: null } },
      { enteredBy: [{ id: 1, name: "Lab Admin" }] },
    );
    let saved = false;
    mockFetch({
      "GET /api/lab/samples/100": () => ({
        body: detail({ status: "TESTING", markets: ["EU"] }, null, {
          panel: [CAP],
          analysis: saved ? answer : null,
        }),
      }),
      "GET /api/lab/markets": { body: markets },
      "POST /api/lab/samples/100/results": () => {
        saved = true;
        return { body: answer };
      },
    });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText("Value (µg/kg)"), "0.02");
    await user.click(screen.getByRole("button", { name: "Save Results" }));
    expect(await screen.findByText(SAME_PERSON_TEXT)).toBeInTheDocument();
    expect(screen.getByText(/Saved round 1: Awaiting review/)).toBeInTheDocument();
    expect(screen.getByLabelText("Value (µg/kg)")).toHaveValue("0.02");
  });

  it("awaiting review, reviewer who entered nothing: the judgement, who entered it, and Release posts", async () => {
    const analysis = makeAnalysis([CAP, SALM], {
      CAP: { value: 0.05, qualifier: null },
      SALM: { value: null, qualifier: "absent" },
    });
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "TESTING", markets: ["EU", "US"] }, null, { panel: [CAP, SALM], analysis }),
      },
      "GET /api/lab/markets": { body: markets },
      "POST /api/lab/samples/100/release": { status: 201, body: makeReport({ id: 55 }) },
    });
    const user = userEvent.setup();
    render();
    const review = await screen.findByRole("list", { name: "Results to review" });
    expect(within(review).getAllByText(/Entered by Anil Analyst/)).toHaveLength(2);
    expect(screen.getByRole("list", { name: "Market verdicts" })).toHaveTextContent("EU: ✓ Pass");
    expect(screen.queryByText(SAME_PERSON_TEXT)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Reviewer's remark/), "Checked against the raw data");
    await user.click(screen.getByRole("button", { name: "Release Report" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/samples/100/release")[0]?.body).toEqual({
        note: "Checked against the raw data",
      }),
    );
    expect(await screen.findByText("Report #55 released: NSP-CERT-2026-007")).toBeInTheDocument();
  });

  it("awaiting review, the reviewer entered results of the round: no Release, and why", async () => {
    const analysis = makeAnalysis(
      [CAP],
      { CAP: { value: 0.05, qualifier: null } },
      { enteredBy: [{ id: staff.id, name: staff.name }] },
    );
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "TESTING", markets: ["EU"] }, null, { panel: [CAP], analysis }),
      },
    });
    render();
    expect(await screen.findByText(SAME_PERSON_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Release Report" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Back" })).toBeInTheDocument();
  });

  it("a 403 same_person from the server shows its message inline", async () => {
    const analysis = makeAnalysis([CAP], { CAP: { value: 0.05, qualifier: null } });
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "TESTING", markets: ["EU"] }, null, { panel: [CAP], analysis }),
      },
      "POST /api/lab/samples/100/release": {
        status: 403,
        body: { error: resultMessages.samePerson, code: "same_person" },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Release Report" }));
    expect(await screen.findByText(resultMessages.samePerson)).toBeInTheDocument();
  });

  it("Send Back needs a note, then posts it", async () => {
    const analysis = makeAnalysis([CAP], { CAP: { value: 0.05, qualifier: null } });
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "TESTING", markets: ["EU"] }, null, { panel: [CAP], analysis }),
      },
      "POST /api/lab/samples/100/return": {
        body: { ...analysis, state: "returned", returnedNote: "Re-run" },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Send Back" }));
    const note = screen.getByLabelText(/What should the analyst check/);
    expect(note).toHaveAccessibleDescription(resultMessages.returnNoteRequired);
    expect(callsTo("POST", "/api/lab/samples/100/return")).toHaveLength(0);
    await user.type(note, "Re-run CAP with a fresh standard");
    await user.click(screen.getByRole("button", { name: "Send Back" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/samples/100/return")[0]?.body).toEqual({
        note: "Re-run CAP with a fresh standard",
      }),
    );
  });

  it("an analyst only: no Release or Send Back, a note that a reviewer decides", async () => {
    startLabSession({
      staff: { ...staff, id: 9, roles: ["analyst"] },
      accessToken: "lab-jwt",
      expiresIn: 3600,
      tokenType: "Bearer",
    });
    const analysis = makeAnalysis([CAP], { CAP: { value: 0.05, qualifier: null } });
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "TESTING", markets: ["EU"] }, null, { panel: [CAP], analysis }),
      },
    });
    render();
    expect(await screen.findByText(/Waiting for a reviewer/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Release Report" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Back" })).not.toBeInTheDocument();
  });

  it("a revoked report and its replacement are listed; a revoked report reopens results entry", async () => {
    const revoked = makeReport({
      id: 41,
      status: "revoked",
      revokedReason: "The sample was mislabelled or mixed up",
      revokedReasonCode: "sample_mislabelled",
      revocationNote: "Tube 14 swapped at the bench",
      revokedAt: "2026-02-04T10:00:00.000Z",
    });
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "COMPLETED", markets: ["EU"] }, revoked, {
          panel: [CAP],
          reports: [revoked],
          analysis: makeAnalysis([CAP], { CAP: { value: 0.05, qualifier: null } }, { state: "released" }),
        }),
      },
    });
    render();
    expect(await screen.findByText(/The sample was mislabelled or mixed up/)).toBeInTheDocument();
    // Staff read the internal note beside the reason.
    expect(screen.getByText("Internal note: Tube 14 swapped at the bench")).toBeInTheDocument();
    expect(screen.getByText(/the results entered now issue its replacement/)).toBeInTheDocument();
    // The released round is not prefilled: the replacement starts empty.
    expect(screen.getByLabelText("Value (µg/kg)")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Revoke Report" })).not.toBeInTheDocument();
  });

  it("a replaced report names its replacement", async () => {
    const replacement = makeReport({ id: 42, replaces: { id: 41, certification: "NSP-CERT-2026-007" } });
    const revoked = makeReport({
      id: 41,
      status: "revoked",
      revokedReason: "Sample mislabelled",
      replacedBy: { id: 42, certification: "NSP-CERT-2026-009" },
    });
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "COMPLETED" }, replacement, { reports: [replacement, revoked] }),
      },
    });
    render();
    expect(await screen.findByText(/Replaced by report #42 \(NSP-CERT-2026-009\)/)).toBeInTheDocument();
    expect(screen.getByText("Replaces report #41 (NSP-CERT-2026-007).")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Test results" })).not.toBeInTheDocument();
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

  it("shows the customer's notes for the collector as they wrote them, and a dash when there are none", async () => {
    mockFetch({
      "GET /api/lab/samples/100": {
        body: detail({ status: "PENDING", collectorNotes: "Call before coming;\npond 3 is behind the shed" }),
      },
      "GET /api/lab/agents": { body: agents },
    });
    const { unmount } = render();
    const label = await screen.findByText("Notes for the collector");
    expect(label.nextElementSibling).toHaveTextContent("Call before coming; pond 3 is behind the shed");
    unmount();
    mockFetch({
      "GET /api/lab/samples/100": { body: detail({ status: "PENDING", collectorNotes: null }) },
      "GET /api/lab/agents": { body: agents },
    });
    render();
    expect((await screen.findByText("Notes for the collector")).nextElementSibling).toHaveTextContent("—");
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

  it("COMPLETED with a valid report: Revoke needs a reason, posts the code and the note, then waits for a second person", async () => {
    const open: RevocationRequest = {
      id: 9,
      reportId: 41,
      sampleId: 100,
      certification: "NSP-CERT-2026-007",
      reasonCode: "sample_mislabelled",
      note: "Tube 14 swapped",
      requestedBy: { id: staff.id, name: staff.name },
      requestedAt: "2026-02-04T10:00:00.000Z",
      outcome: null,
      decidedBy: null,
      decidedAt: null,
    };
    let asked = false;
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": { body: detail({ status: "COMPLETED" }, makeReport({ id: 41 })) },
      "GET /api/lab/revocations": () => ({ body: asked ? [open] : [] }),
      "POST /api/lab/reports/41/revoke": () => {
        asked = true;
        return { status: 202, body: open };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Revoke Report" }));
    expect(screen.getByText("Give the reason for revoking")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Reason for revoking/), "sample_mislabelled");
    await user.type(screen.getByLabelText(/Internal note/), "Tube 14 swapped");
    await user.click(screen.getByRole("button", { name: "Revoke Report" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/reports/41/revoke")[0]?.body).toEqual({
        reasonCode: "sample_mislabelled",
        note: "Tube 14 swapped",
      }),
    );
    expect(
      await screen.findByText("Revocation asked by Lab Admin: waiting for a second person to confirm."),
    ).toBeInTheDocument();
    // The requester may withdraw it but not confirm it; the form is gone while it is open.
    expect(screen.getByRole("button", { name: "Cancel Request" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm Revocation" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Revoke Report" })).not.toBeInTheDocument();
  });

  it("another reviewer sees the open request with its reason and note, and confirms it", async () => {
    const open: RevocationRequest = {
      id: 9,
      reportId: 41,
      sampleId: 100,
      certification: "NSP-CERT-2026-007",
      reasonCode: "result_error",
      note: "Pb in the wrong unit",
      requestedBy: { id: 2, name: "Vikram Reviewer" },
      requestedAt: "2026-02-04T10:00:00.000Z",
      outcome: null,
      decidedBy: null,
      decidedAt: null,
    };
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/100": { body: detail({ status: "COMPLETED" }, makeReport({ id: 41 })) },
      "GET /api/lab/revocations": { body: [open] },
      "POST /api/lab/revocations/9/confirm": {
        body: { ...open, outcome: "confirmed", decidedBy: { id: staff.id, name: staff.name } },
      },
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole("list", { name: "Open revocation requests" });
    expect(within(list).getByText("A result was wrong")).toBeInTheDocument();
    expect(within(list).getByText("Pb in the wrong unit")).toBeInTheDocument();
    expect(
      screen.getByText("Revocation asked by Vikram Reviewer: waiting for a second person to confirm."),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole("button", { name: "Confirm Revocation" }));
    await waitFor(() => expect(callsTo("POST", "/api/lab/revocations/9/confirm")).toHaveLength(1));
    expect(await screen.findByText("Report #41 revoked")).toBeInTheDocument();
  });
});
