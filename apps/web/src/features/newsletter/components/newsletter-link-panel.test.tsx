import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { setLanguage } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { NewsletterLinkPanel } from "./newsletter-link-panel";

afterEach(() => vi.unstubAllGlobals());
const TOKEN = "abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE";

describe("NewsletterLinkPanel", () => {
  it("confirm: posts the token on opening, once, and says the subscription is confirmed", async () => {
    const api = mockFetch({
      "POST /api/newsletter/confirm": {
        body: { email: "reader@example.com", status: "confirmed", message: messages.newsletterConfirmed },
      },
    });
    renderWithProviders(<NewsletterLinkPanel action="confirm" token={TOKEN} />);
    expect(await screen.findByText(messages.newsletterConfirmed)).toBeInTheDocument();
    expect(screen.getByText("reader@example.com")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/newsletter/confirm")).toHaveLength(1);
    expect(api.callsTo("POST", "/api/newsletter/confirm")[0]?.body).toEqual({ token: TOKEN });
  });

  it("confirm with a stale link: the server's 404 text", async () => {
    mockFetch({
      "POST /api/newsletter/confirm": {
        status: 404,
        body: { error: messages.newsletterLinkInvalid, code: "not_found" },
      },
    });
    renderWithProviders(<NewsletterLinkPanel action="confirm" token={TOKEN} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.newsletterLinkInvalid);
  });

  it("a malformed token is refused without a call", () => {
    const api = mockFetch({});
    renderWithProviders(<NewsletterLinkPanel action="confirm" token="short" />);
    expect(screen.getByRole("alert")).toHaveTextContent(messages.newsletterLinkInvalid);
    expect(api.spy).not.toHaveBeenCalled();
  });

  it("unsubscribe: nothing happens on opening (mail scanners); the button unsubscribes", async () => {
    const api = mockFetch({
      "POST /api/newsletter/unsubscribe": {
        body: {
          email: "reader@example.com",
          status: "unsubscribed",
          message: messages.newsletterUnsubscribed,
        },
      },
    });
    renderWithProviders(<NewsletterLinkPanel action="unsubscribe" token={TOKEN} />);
    expect(api.spy).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(messages.newsletterUnsubscribed)).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/newsletter/unsubscribe")).toHaveLength(1);
  });
});

describe("NewsletterLinkPanel in Telugu", () => {
  it("unsubscribe: the question, the button and the server's answer are Telugu", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    mockFetch({
      "POST /api/newsletter/unsubscribe": {
        body: {
          email: "reader@example.com",
          status: "unsubscribed",
          message: messages.newsletterUnsubscribed,
        },
      },
    });
    renderWithProviders(<NewsletterLinkPanel action="unsubscribe" token={TOKEN} />);
    expect(screen.getByRole("heading", { name: "వార్తాలేఖ చందా నిలిపివేయండి" })).toBeInTheDocument();
    expect(screen.getByText("AquaTest Laboratory వార్తాలేఖ రావడం ఆపాలా?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "చందా నిలిపివేయండి" }));
    const answer = (await screen.findByText("reader@example.com")).parentElement;
    await waitFor(() => expect(answer).not.toHaveTextContent(messages.newsletterUnsubscribed));
    expect(answer).toHaveTextContent(/[\u0C00-\u0C7F]/);
    expect(screen.getByRole("link", { name: "బ్లాగ్‌కు వెళ్ళండి" })).toBeInTheDocument();
  });
});
