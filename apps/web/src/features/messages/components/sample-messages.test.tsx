import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { MessageStatusView } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SampleMessages } from "./sample-messages";

const MESSAGES = "/api/samples/12/messages";

const failedSms: MessageStatusView = {
  id: 2,
  channel: "sms",
  to: "•••• 2345",
  kind: "reportReleased",
  status: "failed",
  reason: "Number not reachable",
  createdAt: "2026-11-28T09:00:00.000Z",
  updatedAt: "2026-11-28T09:02:00.000Z",
};
const delivered: MessageStatusView = {
  ...failedSms,
  id: 1,
  channel: "whatsapp",
  status: "delivered",
  reason: null,
  kind: "sampleRejected",
  updatedAt: failedSms.createdAt,
};

// The first render fetches the section's catalogue as well: more than the default 5 s on a loaded machine.
describe("a sample's Messages section", { timeout: 15_000 }, () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("lists each message with its channel, kind, masked number and status; a failure gives its reason", async () => {
    mockFetch({ [`GET ${MESSAGES}`]: { body: [failedSms, delivered] } });
    renderWithProviders(<SampleMessages sampleId="12" />, { route: "/timeline/12", path: "/timeline/:id" });
    expect(
      await screen.findByRole("heading", { name: "SMS · Report released" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "WhatsApp · Sample rejected" })).toBeInTheDocument();
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Failed");
    expect(items[0]).toHaveTextContent("Reason: Number not reachable");
    expect(items[0]).toHaveTextContent("To •••• 2345");
    expect(items[1]).toHaveTextContent("Delivered");
    expect(items[1]).not.toHaveTextContent("Reason");
    // The status's own time only when it differs from the message's.
    expect(items[0]).toHaveTextContent("Status updated");
    expect(items[1]).not.toHaveTextContent("Status updated");
  });

  it("says so when there are none, and offers a retry when they cannot be read", async () => {
    mockFetch({ [`GET ${MESSAGES}`]: { body: [] } });
    const first = renderWithProviders(<SampleMessages sampleId="12" />, {
      route: "/timeline/12",
      path: "/timeline/:id",
    });
    expect(await screen.findByText("No SMS or WhatsApp messages about this sample yet.")).toBeInTheDocument();
    first.unmount();
    mockFetch({
      [`GET ${MESSAGES}`]: { status: 500, body: { error: "Server error. Please try again later." } },
    });
    renderWithProviders(<SampleMessages sampleId="12" />, { route: "/timeline/12", path: "/timeline/:id" });
    expect(
      await screen.findByText("The messages could not be loaded.", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
