import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { setLanguage } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { NewsletterForm } from "./newsletter-form";

afterEach(() => vi.unstubAllGlobals());

describe("NewsletterForm", () => {
  it("subscribes with the lower-cased address and says to check the inbox", async () => {
    const api = mockFetch({
      "POST /api/newsletter/subscriptions": {
        status: 202,
        body: { success: true, message: messages.newsletterCheckInbox },
      },
    });
    renderWithProviders(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText("Email address"), "Reader@Example.com");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("status")).toHaveTextContent(messages.newsletterCheckInbox);
    expect(api.callsTo("POST", "/api/newsletter/subscriptions")[0]?.body).toEqual({
      email: "reader@example.com",
    });
  });

  it("an empty or malformed address is marked on the field and focused, and nothing is sent", async () => {
    const api = mockFetch({});
    renderWithProviders(<NewsletterForm />);
    const input = screen.getByLabelText("Email address");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(messages.enquiryEmailRequired);
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, "not-mail");
    expect(input).not.toHaveAttribute("aria-invalid");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(input).toHaveAccessibleDescription(messages.invalidEmailFormat);
    expect(api.spy).not.toHaveBeenCalled();
  });

  it("a 429 says so beside the field", async () => {
    mockFetch({
      "POST /api/newsletter/subscriptions": {
        status: 429,
        body: { error: messages.tooManyRequests, code: "rate_limited" },
      },
    });
    renderWithProviders(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText("Email address"), "reader@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.tooManyRequests);
  });
});

describe("NewsletterForm in Telugu", () => {
  it("the field, the button and the error are Telugu", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    mockFetch({});
    renderWithProviders(<NewsletterForm />);
    const input = screen.getByLabelText("ఇమెయిల్ చిరునామా");
    expect(input).toHaveAttribute("placeholder", "మీ ఇమెయిల్ నమోదు చేయండి");
    await userEvent.click(screen.getByRole("button", { name: "చందా చేయండి" }));
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert).not.toHaveTextContent(messages.enquiryEmailRequired));
    expect(alert).toHaveTextContent(/[\u0C00-\u0C7F]/);
  });
});
