import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import UnsubscribeRoute from "./unsubscribe";

const UNSUBSCRIBE = "/api/mail/unsubscribe";

const open = (query: string) =>
  renderWithProviders(<UnsubscribeRoute />, { route: `/unsubscribe${query}`, path: "/unsubscribe" });

describe("/unsubscribe (the link in a shared-report mail)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opening the page changes nothing; the button posts the signed link, then confirms", async () => {
    const { callsTo } = mockFetch({
      [`POST ${UNSUBSCRIBE}`]: { status: 200, body: { email: "pond@gmail.com", unsubscribed: true } },
    });
    const user = userEvent.setup();
    open("?e=pond%40gmail.com&s=sig-123");
    expect(screen.getByText("pond@gmail.com")).toBeInTheDocument();
    expect(screen.getByText(messages.unsubscribeConfirm, { exact: false })).toBeInTheDocument();
    expect(callsTo("POST", UNSUBSCRIBE)).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(messages.unsubscribeDone)).toBeInTheDocument();
    const [call] = callsTo("POST", UNSUBSCRIBE);
    expect(call?.query.get("e")).toBe("pond@gmail.com");
    expect(call?.query.get("s")).toBe("sig-123");
    expect(call?.headers.Authorization).toBeUndefined();
  });

  it("a refused link shows the API's text and keeps the button", async () => {
    mockFetch({
      [`POST ${UNSUBSCRIBE}`]: {
        status: 400,
        body: { error: messages.unsubscribeLinkInvalid, code: "validation_failed" },
      },
    });
    const user = userEvent.setup();
    open("?e=pond%40gmail.com&s=forged");
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(messages.unsubscribeLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeEnabled();
  });

  it("a link without its address or signature says so, with no button", () => {
    mockFetch({});
    open("?e=pond%40gmail.com");
    expect(screen.getByText(messages.unsubscribeLinkInvalid)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });
});
