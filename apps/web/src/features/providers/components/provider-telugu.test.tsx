import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Provider } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SampleProviders } from "./sample-providers";

const LIST = "/api/customers/7/sample-providers";

const agent: Provider = {
  id: 2,
  customerId: 7,
  samplerName: "Suresh Agencies",
  userType: "Agent",
  phoneNumber: "+91 98480 22338",
  altPhoneNumber: null,
  location: null,
  address: null,
  coordinates: null,
  placeId: null,
  farmers: [],
  createdAt: "2024-05-01T10:00:00.000Z",
  updatedAt: "2024-05-01T10:00:00.000Z",
};

describe("My Sample Providers in Telugu", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("headings, the agent's card and the delete question (the name in bold where Telugu puts it)", async () => {
    mockFetch({ [`GET ${LIST}`]: { body: [agent] } });
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    renderWithProviders(<SampleProviders />, { route: "/customers", path: "/customers" });
    expect(await screen.findByRole("heading", { name: "నా నమూనా ఇచ్చేవారు" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Suresh Agencies" });
    expect(within(card).getByText("ఏజెంట్")).toBeInTheDocument();
    expect(within(card).getByText("స్థలం ఇవ్వలేదు")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "రైతులు (0)" })).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Suresh Agencies ను తొలగించండి" }));
    const dialog = screen.getByRole("dialog", { name: "నమూనా ఇచ్చేవారిని తొలగించండి" });
    expect(dialog).toHaveTextContent(
      "మీరు Suresh Agencies ను, ఈ ఏజెంట్ కింద ఉన్న రైతులను తొలగించాలనుకుంటున్నారా? ఇప్పటికే వీరితో పంపిన నమూనాలు అలాగే ఉంటాయి.",
    );
    expect(within(dialog).getByText("Suresh Agencies")).toHaveClass("font-semibold");
  });
});
