import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { NoticePreferencesView } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { NoticesCard } from "./notices-card";

const PREFERENCES = "/api/notice-preferences";

const withPhone: NoticePreferencesView = {
  channels: {
    sampleCollected: ["email"],
    sampleRejected: ["email"],
    reportReleased: ["email", "whatsapp"],
    screeningFailed: ["email", "whatsapp"],
    reportRevoked: ["email"],
    invitation: ["email"],
  },
  smsFallback: true,
  phone: "+91 94400 12345",
  email: "ravi@example.com",
  language: "en",
};

const group = (name: string) => screen.getByRole("group", { name });

describe("the profile's Notices card", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("toggles become the PUT body: every kind's channels and the SMS fallback, saved with one button", async () => {
    const { callsTo } = mockFetch({
      [`GET ${PREFERENCES}`]: { body: withPhone },
      [`PUT ${PREFERENCES}`]: (request) => ({ body: { ...withPhone, ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticesCard />, { route: "/profile", path: "/profile" });

    const released = await screen.findByRole("group", { name: "Report released" });
    expect(within(released).getByRole("checkbox", { name: "WhatsApp" })).toBeChecked();
    expect(within(released).getByRole("checkbox", { name: "SMS" })).not.toBeChecked();
    expect(screen.getByText("SMS and WhatsApp messages go to +91 94400 12345.")).toBeInTheDocument();

    await user.click(within(released).getByRole("checkbox", { name: "E-mail" }));
    await user.click(within(released).getByRole("checkbox", { name: "SMS" }));
    await user.click(within(group("Sample rejected")).getByRole("checkbox", { name: "WhatsApp" }));
    await user.click(within(group("Invitation")).getByRole("checkbox", { name: "E-mail" }));
    await user.click(screen.getByRole("checkbox", { name: "Send by SMS when WhatsApp fails" }));
    expect(callsTo("PUT", PREFERENCES)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Save notices" }));
    await waitFor(() => expect(callsTo("PUT", PREFERENCES)).toHaveLength(1));
    expect(callsTo("PUT", PREFERENCES)[0]?.body).toEqual({
      channels: {
        sampleCollected: ["email"],
        sampleRejected: ["email", "whatsapp"],
        reportReleased: ["sms", "whatsapp"],
        screeningFailed: ["email", "whatsapp"],
        reportRevoked: ["email"],
        invitation: [],
      },
      smsFallback: false,
    });
    expect(await screen.findByText("Your notice choices are saved.")).toBeInTheDocument();
  });

  it("without a mobile number: SMS, WhatsApp and the fallback cannot be ticked, and the card says what to add", async () => {
    const { callsTo } = mockFetch({
      [`GET ${PREFERENCES}`]: {
        body: {
          ...withPhone,
          phone: null,
          channels: { ...withPhone.channels, reportReleased: ["email"], screeningFailed: ["email"] },
        },
      },
      [`PUT ${PREFERENCES}`]: { body: withPhone },
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticesCard />, { route: "/profile", path: "/profile" });

    expect(await screen.findByText("Add a mobile number to get SMS or WhatsApp.")).toBeInTheDocument();
    for (const name of ["SMS", "WhatsApp"]) {
      expect(within(group("Screening failed")).getByRole("checkbox", { name })).toBeDisabled();
    }
    expect(within(group("Screening failed")).getByRole("checkbox", { name: "E-mail" })).toBeEnabled();
    expect(screen.getByRole("checkbox", { name: "Send by SMS when WhatsApp fails" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Save notices" }));
    await waitFor(() => expect(callsTo("PUT", PREFERENCES)).toHaveLength(1));
    const body = callsTo("PUT", PREFERENCES)[0]?.body as { channels: Record<string, string[]> };
    expect(Object.values(body.channels).flat()).toEqual(Array(6).fill("email"));
  });

  it("a refused save shows the server's message in a banner, and the choices stay as ticked", async () => {
    mockFetch({
      [`GET ${PREFERENCES}`]: { body: withPhone },
      [`PUT ${PREFERENCES}`]: {
        status: 422,
        body: {
          error: "Add a mobile number to your profile to get notices by SMS or WhatsApp.",
          code: "validation_failed",
          messageCode: "notice_phone_missing",
          field: "channels.reportReleased",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticesCard />, { route: "/profile", path: "/profile" });
    const collected = await screen.findByRole("group", { name: "Sample collected" });
    await user.click(within(collected).getByRole("checkbox", { name: "SMS" }));
    await user.click(screen.getByRole("button", { name: "Save notices" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Add a mobile number to your profile to get notices by SMS or WhatsApp.",
    );
    expect(within(collected).getByRole("checkbox", { name: "SMS" })).toBeChecked();
  });
});
