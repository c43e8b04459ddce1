import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { Customer, Share } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SharesSection } from "./shares-section";

const SHARES = "/api/organisations/3/shares";
const FARMS = {
  body: {
    items: [
      {
        id: 11,
        providerId: null,
        name: "Sri Venkateswara Aqua Farm",
        mpedaEnrolment: null,
        caaRegistration: null,
        caaExpiresOn: null,
        caaStatus: "unknown",
        stateLicence: null,
        surveyNumbers: null,
        areaHa: null,
        village: null,
        mandal: null,
        district: null,
        state: null,
        lat: null,
        lng: null,
        boundary: null,
        pondCount: 1,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      },
    ],
  },
};
const share: Share = {
  id: 5,
  target: "lot",
  farm: { id: 11, name: "Sri Venkateswara Aqua Farm" },
  lot: { id: 21, code: "7K3M9QX2PA" },
  grantee: { id: 9, name: "Coastal Exports" },
  expiresAt: "2026-12-31T18:30:00.000Z",
  lastDay: "2026-12-31",
  createdAt: "2026-11-01T10:00:00.000Z",
  createdBy: "Asha Verma",
};

const signIn = (overrides: Partial<Customer> = {}) =>
  startSession({ user: { ...customer, ...overrides }, token: "jwt", expiresIn: 3600 });

describe("SharesSection", () => {
  afterEach(() => logout());

  it("admin, bad input: each field says what is wrong beside it and nothing is sent", async () => {
    signIn();
    const { callsTo } = mockFetch({ [`GET ${SHARES}`]: { body: { items: [] } }, "GET /api/farms": FARMS });
    const user = userEvent.setup();
    renderWithProviders(<SharesSection organisationId={3} isAdmin />);
    const form = await screen.findByRole("form", { name: "Share a farm or a harvest lot" });
    await user.click(within(form).getByRole("button", { name: "Share" }));
    expect(await within(form).findByText("Invalid email format")).toBeInTheDocument();
    expect(within(form).getByText(/Give the share's last day as a date/)).toBeInTheDocument();
    // With the address and day right, the missing farm is said under the farm.
    await user.type(within(form).getByLabelText(/E-mail of a member/), "buyer@coastal.example");
    await user.type(within(form).getByLabelText(/Shared until/), "2026-12-31");
    await user.click(within(form).getByRole("button", { name: "Share" }));
    expect(
      await within(form).findByText("Choose one farm or one harvest lot to share, not both"),
    ).toBeInTheDocument();
    // A malformed lot code stands under the lot code.
    await user.click(within(form).getByRole("radio", { name: "One harvest lot" }));
    await user.type(within(form).getByLabelText(/Lot code/), "NOT-A-CODE");
    await user.click(within(form).getByRole("button", { name: "Share" }));
    expect(await within(form).findByText(/Give the harvest lot's code/)).toBeInTheDocument();
    expect(callsTo("POST", SHARES)).toHaveLength(0);
  });

  it("admin shares a lot by a member's e-mail; the server's 'no such organisation' stands under the e-mail, then a success is listed", async () => {
    signIn();
    let listed: Share[] = [];
    let attempts = 0;
    const { callsTo } = mockFetch({
      [`GET ${SHARES}`]: () => ({ body: { items: listed } }),
      "GET /api/farms": FARMS,
      [`POST ${SHARES}`]: () => {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 422,
            body: {
              error: "No organisation in the portal has a member with this e-mail address, or this number",
              code: "validation_failed",
              messageCode: "grantee_unknown",
              field: "granteeEmail",
            },
          };
        listed = [share];
        return { status: 201, body: share };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SharesSection organisationId={3} isAdmin />);
    const form = await screen.findByRole("form", { name: "Share a farm or a harvest lot" });
    expect(await screen.findByText("Nothing is shared now.")).toBeInTheDocument();
    await user.click(within(form).getByRole("radio", { name: "One harvest lot" }));
    await user.type(within(form).getByLabelText(/Lot code/), "7k3m-9qx2-pa");
    await user.type(within(form).getByLabelText(/E-mail of a member/), "nobody@example.com");
    await user.type(within(form).getByLabelText(/Shared until/), "2026-12-31");
    await user.click(within(form).getByRole("button", { name: "Share" }));
    const email = within(form).getByLabelText(/E-mail of a member/);
    expect(await within(form).findByText(/No organisation in the portal has a member/)).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", SHARES)[0]?.body).toEqual({
      lotCode: "7k3m-9qx2-pa",
      granteeEmail: "nobody@example.com",
      expiresAt: "2026-12-31",
    });
    await user.clear(email);
    await user.type(email, "buyer@coastal.example");
    await user.click(within(form).getByRole("button", { name: "Share" }));
    const list = await screen.findByRole("list", { name: "Shared now" });
    expect(
      await within(list).findByText("Lot 7K3M9QX2PA · farm Sri Venkateswara Aqua Farm"),
    ).toBeInTheDocument();
    expect(within(list).getByText("With Coastal Exports")).toBeInTheDocument();
  });

  it("admin revokes a share after confirming; the DELETE names that share", async () => {
    signIn();
    let listed: Share[] = [share];
    const { callsTo } = mockFetch({
      [`GET ${SHARES}`]: () => ({ body: { items: listed } }),
      "GET /api/farms": FARMS,
      [`DELETE ${SHARES}/5`]: () => {
        listed = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SharesSection organisationId={3} isAdmin />);
    await user.click(await screen.findByRole("button", { name: "Revoke the share with Coastal Exports" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke this share?" });
    expect(
      within(dialog).getByText(/Coastal Exports will no longer see the harvest lot 7K3M9QX2PA/),
    ).toBeInTheDocument();
    expect(callsTo("DELETE", `${SHARES}/5`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Nothing is shared now.")).toBeInTheDocument();
    expect(callsTo("DELETE", `${SHARES}/5`)).toHaveLength(1);
  });

  it("a member who is not admin reads the shares, with no form and no revoke", async () => {
    signIn({ role: "results" });
    const { callsTo } = mockFetch({ [`GET ${SHARES}`]: { body: { items: [share] } } });
    renderWithProviders(<SharesSection organisationId={3} isAdmin={false} />);
    expect(await screen.findByText("With Coastal Exports")).toBeInTheDocument();
    expect(
      screen.getByText("Only an administrator of your organisation can share or revoke."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Revoke/ })).not.toBeInTheDocument();
    expect(callsTo("GET", "/api/farms")).toHaveLength(0);
  });
});
