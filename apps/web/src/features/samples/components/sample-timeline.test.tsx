import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { SampleTimeline } from "./sample-timeline";

const render = (id: string) =>
  renderWithProviders(<SampleTimeline sampleId={id} />, {
    route: `/timeline/${id}`,
    path: "/timeline/:id",
    extraRoutes: [{ path: "/samples", element: <h1>Samples page</h1> }],
  });

describe("SampleTimeline", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("TESTING sample: 'Currently Testing', stages by status, the event history with who and when", async () => {
    mockFetch({
      "GET /api/sample-submissions/9": { body: makeSample({ id: 9, status: "TESTING" }) },
      "GET /api/sample-submissions/9/events": {
        body: [
          {
            id: 1,
            sampleId: 9,
            from: null,
            to: "PENDING",
            actor: "customer:7",
            by: "Ravi Kumar",
            note: "Sample submitted",
            at: "2025-01-10T06:30:00.000Z",
          },
          {
            id: 2,
            sampleId: 9,
            from: "COLLECTED",
            to: "TESTING",
            actor: "staff:1",
            by: "Dr. Priya Nair",
            note: null,
            at: "2025-01-12T06:30:00.000Z",
          },
        ],
      },
    });
    render("9");
    expect(await screen.findByRole("heading", { level: 1, name: "Sample #9 Timeline" })).toBeInTheDocument();
    const current = screen.getByRole("region", { name: "Current Status" });
    expect(within(current).getByText("Currently Testing")).toBeInTheDocument();
    expect(
      screen.getByRole("listitem", { name: "Stage 1: Initial Inspection, Completed" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("listitem", { name: "Stage 2: Laboratory Testing, Completed" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("listitem", { name: "Stage 3: Final Review and Certification, Pending" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Sample submitted")).toBeInTheDocument();
    expect(screen.getByText("Collected → Testing")).toBeInTheDocument();
    expect(screen.getByText(/by Dr. Priya Nair/)).toBeInTheDocument();
    expect(screen.queryByText(/staff:1/)).not.toBeInTheDocument();
  });

  it("PENDING sample: 'Sample Received', stage 1 In Progress", async () => {
    mockFetch({
      "GET /api/sample-submissions/4": { body: makeSample({ id: 4, status: "PENDING" }) },
      "GET /api/sample-submissions/4/events": { body: [] },
    });
    render("4");
    expect(await screen.findByText("Sample Received")).toBeInTheDocument();
    expect(
      screen.getByRole("listitem", { name: "Stage 1: Initial Inspection, In Progress" }),
    ).toBeInTheDocument();
  });

  it("missing or another customer's sample (404): redirected to /samples", async () => {
    mockFetch({
      "GET /api/sample-submissions/77": { status: 404, body: { error: messages.sampleNotFound } },
    });
    const { router } = render("77");
    expect(await screen.findByRole("heading", { name: "Samples page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/samples");
  });

  it("other failure: 'Error loading timeline: {message}' and Back to Samples", async () => {
    mockFetch({ "GET /api/sample-submissions/5": { status: 503, body: { error: "Service unavailable" } } });
    const user = userEvent.setup();
    const { router } = render("5");
    expect(
      await screen.findByText("Error loading timeline: Service unavailable", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Back to Samples" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/samples"));
  });
});
