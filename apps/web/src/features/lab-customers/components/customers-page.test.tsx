import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { ActivityEntry, LabMember, LabOrganisation } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { CustomerOrganisationPage } from "./customer-organisation-page";
import { CustomersPage } from "./customers-page";

const LIST = "/api/lab/organisations";
const ONE = "/api/lab/organisations/9";

const member = (overrides: Partial<LabMember>): LabMember => ({
  id: 31,
  fullName: "Meena Rao",
  email: "meena@example.com",
  role: "admin",
  scope: "all",
  joinedAt: "2026-01-01T00:00:00.000Z",
  lastSignInAt: "2026-11-20T08:30:00.000Z",
  removedAt: null,
  ...overrides,
});

const organisation: LabOrganisation = {
  organisation: {
    id: 9,
    name: "Godavari Hatcheries Private Limited",
    address: "4 Canal Road, Kakinada",
    gstin: "37AAPFU0939F1ZU",
    state: "37",
    language: "te",
    defaultMarkets: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  members: [
    member({}),
    member({ id: 32, fullName: "Kiran Das", email: "kiran@example.com", role: "full", scope: "own" }),
    member({
      id: 33,
      fullName: "Old Hand",
      email: "old@example.com",
      role: "results",
      removedAt: "2026-06-01T00:00:00.000Z",
    }),
  ],
};

const entry = (id: number, overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  at: "2026-11-20T08:30:00.000Z",
  kind: "member-invited",
  actor: { id: 31, fullName: "Meena Rao" },
  subject: { id: null, label: "kiran@example.com" },
  sampleId: null,
  details: { role: "full", scope: "own" },
  ...overrides,
});

describe("lab customers", () => {
  beforeEach(() =>
    startLabSession({
      staff: { id: 1, email: "admin@aquatest.local", name: "Lab Admin", roles: ["admin"], language: "en" },
      accessToken: "lab-jwt",
      expiresIn: 3600,
      tokenType: "Bearer",
    }),
  );
  afterEach(() => resetLabSessionCache());

  it("the list searches by what is typed (staff token) and links each organisation to its page", async () => {
    const { callsTo } = mockFetch({
      [`GET ${LIST}`]: (request) => ({
        body:
          request.query.get("q") === "goda"
            ? [
                {
                  id: 9,
                  name: "Godavari Hatcheries Private Limited",
                  members: 3,
                  createdAt: "2026-01-01T00:00:00.000Z",
                },
              ]
            : [],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomersPage />);

    expect(await screen.findByText("No organisation matches.")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search customers" }), "goda");
    const link = await screen.findByRole("link", { name: /Godavari Hatcheries Private Limited/ });
    expect(link).toHaveAttribute("href", "/lab/customers/9");
    expect(within(link).getByText(/Members: 3/)).toBeInTheDocument();
    const asked = callsTo("GET", LIST);
    expect(asked.at(-1)?.query.get("q")).toBe("goda");
    expect(asked.at(-1)?.headers.Authorization).toBe("Bearer lab-jwt");
  });

  it("the organisation page: details, members with role and scope, removed ones marked without a button, and the trail as sentences", async () => {
    mockFetch({
      [`GET ${ONE}`]: { body: organisation },
      [`GET ${ONE}/activity`]: {
        body: {
          items: [
            entry(2, {}),
            entry(1, {
              kind: "member-deactivated",
              actor: null,
              subject: { id: 33, label: "Old Hand" },
              details: {},
            }),
          ],
          nextCursor: null,
        },
      },
    });
    renderWithProviders(<CustomerOrganisationPage organisationId={9} />);

    expect(
      await screen.findByRole("heading", { name: "Godavari Hatcheries Private Limited" }),
    ).toBeInTheDocument();
    expect(screen.getByText("37AAPFU0939F1ZU")).toBeInTheDocument();
    expect(screen.getByText("Andhra Pradesh")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Deactivate Meena Rao" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Deactivate Kiran Das" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deactivate Old Hand" })).not.toBeInTheDocument();
    expect(screen.getByText(/^Removed /)).toBeInTheDocument();
    expect(
      await screen.findByText("Meena Rao invited kiran@example.com (Full access · Own samples)"),
    ).toBeInTheDocument();
    expect(screen.getByText("The laboratory deactivated Old Hand")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load older" })).not.toBeInTheDocument();
  });

  it("deactivate asks first, posts, toasts; 409 lastOrganisationAdmin is shown in the dialog", async () => {
    const { callsTo } = mockFetch({
      [`GET ${ONE}`]: { body: organisation },
      [`GET ${ONE}/activity`]: { body: { items: [], nextCursor: null } },
      [`POST ${ONE}/members/32/deactivate`]: {
        body: member({ id: 32, fullName: "Kiran Das", removedAt: "2026-11-27T00:00:00.000Z" }),
      },
      [`POST ${ONE}/members/31/deactivate`]: {
        status: 409,
        body: {
          error: "Your organisation needs at least one admin: make another member admin before this change",
          code: "conflict",
          messageCode: "last_organisation_admin",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerOrganisationPage organisationId={9} />);

    await user.click(await screen.findByRole("button", { name: "Deactivate Kiran Das" }));
    let dialog = screen.getByRole("dialog", { name: "Deactivate this member?" });
    expect(callsTo("POST", `${ONE}/members/32/deactivate`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Kiran Das was deactivated")).toBeInTheDocument();
    expect(callsTo("POST", `${ONE}/members/32/deactivate`)[0]?.headers.Authorization).toBe("Bearer lab-jwt");

    await user.click(screen.getByRole("button", { name: "Deactivate Meena Rao" }));
    dialog = screen.getByRole("dialog", { name: "Deactivate this member?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(
      await within(dialog).findByText(
        "Your organisation needs at least one admin: make another member admin before this change",
      ),
    ).toBeInTheDocument();
  });

  it("the trail pages: Load older asks with the cursor and appends", async () => {
    const { callsTo } = mockFetch({
      [`GET ${ONE}`]: { body: organisation },
      [`GET ${ONE}/activity`]: (request) =>
        request.query.get("before") === "5"
          ? {
              body: {
                items: [entry(4, { kind: "member-left", subject: null, details: {} })],
                nextCursor: null,
              },
            }
          : {
              body: {
                items: [entry(5, { kind: "organisation-updated", subject: null, details: {} })],
                nextCursor: 5,
              },
            },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerOrganisationPage organisationId={9} />);

    expect(await screen.findByText("Meena Rao updated the organisation's details")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load older" }));
    expect(await screen.findByText("Meena Rao left the organisation")).toBeInTheDocument();
    expect(screen.getByText("Meena Rao updated the organisation's details")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load older" })).not.toBeInTheDocument());
    expect(callsTo("GET", `${ONE}/activity`).map((request) => request.query.get("before"))).toEqual([
      null,
      "5",
    ]);
  });
});
