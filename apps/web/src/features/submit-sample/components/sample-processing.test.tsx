import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Notification } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { SampleProcessing, stageFromNotifications } from "./sample-processing";
import { SubmitSample } from "./submit-sample";

const submitted = makeSample({ id: 5, status: "PENDING" });

const note = (id: number, overrides: Partial<Notification>): Notification => ({
  id,
  type: "sample_status_change",
  title: "Update",
  message: "Sample #5 moved",
  sampleId: 5,
  timestamp: new Date().toISOString(),
  read: false,
  data: {},
  ...overrides,
});

const progress = () => screen.getByRole("progressbar");
// Query updates reach components on the next tick.
const expectPercent = (percent: string) =>
  vi.waitFor(() => expect(progress()).toHaveAttribute("aria-valuenow", percent));

describe("stageFromNotifications", () => {
  it("takes the newest notification of the sample that carries a known stage, and the newest agent", () => {
    const list = [
      note(9, { sampleId: 6, data: { stage: "completed" } }),
      note(8, { data: { stage: "unknown" } }),
      note(7, { data: { stage: "testing" } }),
      note(6, { type: "sample_assigned", data: { stage: "agent-assigned", agent: "Ravi" } }),
    ];
    expect(stageFromNotifications(list, 5)).toEqual({ stage: "testing", agent: "Ravi" });
    expect(stageFromNotifications(list, 6)).toEqual({ stage: "completed", agent: null });
    expect(stageFromNotifications([], 5)).toBeNull();
  });
});

describe("SampleProcessing", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.useRealTimers();
  });

  it("advances 25 → 50 (with the agent) → 75 → 100 % from the notifications, without polling", async () => {
    const { callsTo } = mockFetch({
      "GET /api/sample-submissions/5": { body: submitted },
      "GET /api/notifications": {
        body: [note(1, { title: "Sample Submitted", data: { stage: "submitted" } })],
      },
    });
    const { queryClient } = renderWithProviders(
      <SampleProcessing submitted={submitted} onSubmitAnother={() => undefined} />,
    );
    expect(progress()).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("Waiting for assignment")).toBeInTheDocument();
    await vi.waitFor(() => expect(queryClient.getQueryState(["notifications"])?.status).toBe("success"));

    const push = (item: Notification) =>
      act(() => {
        queryClient.setQueryData<Notification[]>(["notifications"], (current = []) => [item, ...current]);
      });

    push(note(2, { type: "sample_assigned", data: { stage: "agent-assigned", agent: "Meena Das" } }));
    await expectPercent("50");
    expect(screen.getByText("Agent assigned", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Meena Das")).toBeInTheDocument();

    push(note(3, { data: { stage: "testing" } }));
    await expectPercent("75");
    expect(screen.getByText("Testing in progress")).toBeInTheDocument();
    expect(screen.queryByText("Meena Das")).not.toBeInTheDocument();

    // Another sample's news does not move this view.
    push(note(4, { sampleId: 99, data: { stage: "completed" } }));
    await expectPercent("75");

    push(note(5, { type: "sample_completed", data: { stage: "completed" } }));
    await expectPercent("100");
    expect(screen.getByText("Testing complete")).toBeInTheDocument();
    expect(callsTo("GET", "/api/sample-submissions/5")).toHaveLength(1);
  });

  it("without notifications, the stage follows the (live-updated) sample status", async () => {
    mockFetch({
      "GET /api/sample-submissions/5": { body: makeSample({ id: 5, status: "TESTING" }) },
      "GET /api/notifications": { body: [] },
    });
    renderWithProviders(<SampleProcessing submitted={submitted} onSubmitAnother={() => undefined} />);
    await vi.waitFor(() => expect(progress()).toHaveAttribute("aria-valuenow", "75"));
  });
});

describe("SubmitSample at /submit-sample/{id}", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  const renderAt = (route: string) =>
    renderWithProviders(<SubmitSample />, {
      route,
      path: "/submit-sample/:sampleId",
      extraRoutes: [
        { path: "/submit-sample", element: <h1>Submit page</h1> },
        { path: "/samples", element: <h1>Samples page</h1> },
      ],
    });

  it("a fresh load (a reload) reads the sample from the API and shows its processing view", async () => {
    const { callsTo } = mockFetch({
      "GET /api/sample-submissions/5": { body: makeSample({ id: 5, status: "COLLECTING" }) },
      "GET /api/notifications": { body: [] },
    });
    renderAt("/submit-sample/5");
    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    expect(screen.getByText("#5")).toBeInTheDocument();
    await expectPercent("50");
    expect(callsTo("GET", "/api/sample-submissions/5").length).toBeGreaterThan(0);
  });

  it("a completed sample: View Test Results opens its report", async () => {
    mockFetch({
      "GET /api/sample-submissions/5": { body: makeSample({ id: 5, status: "COMPLETED", reportId: 41 }) },
      "GET /api/notifications": { body: [] },
    });
    renderAt("/submit-sample/5");
    expect(await screen.findByRole("link", { name: "View Test Results" })).toHaveAttribute(
      "href",
      "/report/41",
    );
  });

  it("a completed sample whose certificate was revoked: says so beside the progress, not only 'Completed'", async () => {
    mockFetch({
      "GET /api/sample-submissions/5": {
        body: makeSample({ id: 5, status: "COMPLETED", reportId: 41, reportRevocation: "revoked" }),
      },
      "GET /api/notifications": { body: [] },
      "GET /api/reports/41": {
        body: makeReport({ id: 41, sampleId: 5, status: "revoked", revokedAt: "2026-03-04T10:00:00.000Z" }),
      },
    });
    renderAt("/submit-sample/5");
    const state = await screen.findByRole("status", { name: "Certificate revoked" });
    expect(await within(state).findByText(/^Revoked on .*2026.*no longer valid\.$/)).toBeInTheDocument();
    expect(within(state).getByText("No replacement certificate has been issued yet.")).toBeInTheDocument();
  });

  it("a sample rejected at reception: says it will not be tested and links to its page (why, the notice, send a new sample)", async () => {
    mockFetch({
      "GET /api/sample-submissions/5": { body: makeSample({ id: 5, status: "REJECTED" }) },
      "GET /api/notifications": { body: [] },
    });
    renderAt("/submit-sample/5");
    expect(
      await screen.findByText("This sample was rejected at reception and will not be tested."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See why, and send a new sample" })).toHaveAttribute(
      "href",
      "/timeline/5",
    );
    expect(screen.getByText("Rejected")).toHaveClass("bg-gray-100");
  });

  it("a sample that is not the customer's (404): Sample not found, with the way to the samples", async () => {
    mockFetch({
      "GET /api/sample-submissions/999": {
        status: 404,
        body: { error: "Sample not found", code: "not_found" },
      },
      "GET /api/notifications": { body: [] },
    });
    renderAt("/submit-sample/999");
    expect(await screen.findByRole("heading", { name: "Sample not found" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("There is no sample #999 in your account.");
    expect(screen.getByRole("link", { name: "View All Samples" })).toHaveAttribute("href", "/samples");
  });
});
