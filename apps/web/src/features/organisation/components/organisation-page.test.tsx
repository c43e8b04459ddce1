import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { Customer, Organisation } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { OrganisationPage } from "./organisation-page";

const ORG = "/api/organisations/3";
const organisation: Organisation = {
  id: 3,
  name: "Blue Bay Aqua",
  address: null,
  gstin: null,
  state: "37",
  language: "te",
  defaultMarkets: ["EU"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const MARKETS = {
  body: [
    { code: "EU", name: "European Union" },
    { code: "US", name: "United States" },
  ],
};

const signIn = (overrides: Partial<Customer> = {}) =>
  startSession({ user: { ...customer, ...overrides }, token: "jwt", expiresIn: 3600 });

describe("OrganisationPage", () => {
  afterEach(() => logout());

  it("admin: the organisation's default markets are preselected, changed by tapping and saved with the details", async () => {
    signIn();
    const { callsTo } = mockFetch({
      [`GET ${ORG}`]: { body: organisation },
      "GET /api/markets": MARKETS,
      [`PUT ${ORG}`]: (request) => ({ body: { ...organisation, ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrganisationPage />);
    const picker = await screen.findByRole("group", { name: "Default Destination Markets" });
    expect(await within(picker).findByRole("checkbox", { name: "EU · European Union" })).toBeChecked();
    await user.click(within(picker).getByRole("checkbox", { name: "US · United States" }));
    await user.click(screen.getByRole("button", { name: /save/i }));
    expect(await screen.findByText(/saved/i)).toBeInTheDocument();
    expect(callsTo("PUT", ORG)[0]?.body).toMatchObject({ defaultMarkets: ["EU", "US"] });
  });

  it("a member who is not admin reads the default markets", async () => {
    signIn({ role: "full" });
    mockFetch({ [`GET ${ORG}`]: { body: organisation } });
    renderWithProviders(<OrganisationPage />);
    expect(await screen.findByText("Default Destination Markets")).toBeInTheDocument();
    expect(screen.getByText("EU")).toBeInTheDocument();
  });
});
