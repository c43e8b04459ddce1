import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { Customer, Invitation, Member } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { MembersPage } from "./members-page";

const ORG = "/api/organisations/3";

const member = (overrides: Partial<Member>): Member => ({
  id: 7,
  fullName: "Asha Verma",
  email: "asha@example.com",
  role: "admin",
  scope: "all",
  joinedAt: "2026-01-01T00:00:00.000Z",
  lastSignInAt: "2026-11-20T08:30:00.000Z",
  ...overrides,
});
const asha = member({});
const ravi = member({
  id: 8,
  fullName: "Ravi Kumar",
  email: "ravi@example.com",
  role: "full",
  scope: "own",
  lastSignInAt: null,
});

const invitation: Invitation = {
  id: 21,
  email: "meena@example.com",
  role: "results",
  scope: "all",
  invitedBy: "Asha Verma",
  createdAt: "2026-11-25T10:00:00.000Z",
  lastSentAt: "2026-11-25T10:00:00.000Z",
  expiresAt: "2026-12-02T10:00:00.000Z",
};

const signIn = (overrides: Partial<Customer> = {}) =>
  startSession({ user: { ...customer, ...overrides }, token: "jwt", expiresIn: 3600 });

const cardOf = (name: string): HTMLElement => {
  const item = screen.getByText(name).closest("li");
  if (!item) throw new Error(`no card for ${name}`);
  return item;
};

describe("MembersPage", () => {
  afterEach(() => logout());

  it("admin: lists members with role, scope, last sign-in and 'You'; change and remove buttons; the invite form and pending invitations", async () => {
    signIn();
    mockFetch({
      [`GET ${ORG}/members`]: { body: [asha, ravi] },
      [`GET ${ORG}/invitations`]: { body: [invitation] },
    });
    renderWithProviders(<MembersPage />);

    const raviCard = await screen.findByText("Ravi Kumar").then(() => cardOf("Ravi Kumar"));
    expect(within(raviCard).getByText("Full access")).toBeInTheDocument();
    expect(within(raviCard).getByText("Own samples")).toBeInTheDocument();
    expect(within(raviCard).getByText("Never signed in")).toBeInTheDocument();
    expect(
      within(raviCard).getByRole("button", { name: "Change the role of Ravi Kumar" }),
    ).toBeInTheDocument();
    expect(within(raviCard).getByRole("button", { name: "Remove Ravi Kumar" })).toBeInTheDocument();

    const ashaCard = cardOf("Asha Verma");
    expect(within(ashaCard).getByText("You")).toBeInTheDocument();
    expect(within(ashaCard).getByText("Last sign-in")).toBeInTheDocument();
    // One leaves, never removes oneself.
    expect(within(ashaCard).queryByRole("button", { name: "Remove Asha Verma" })).not.toBeInTheDocument();

    expect(screen.getByRole("form", { name: "Invite a member" })).toBeInTheDocument();
    expect(await screen.findByText("meena@example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave organisation" })).toBeInTheDocument();
  });

  it("non-admin: the list without last sign-in, change, remove or invite; no invitations asked; Leave stays", async () => {
    signIn({ role: "full", scope: "own" });
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: {
        body: [{ ...asha, role: "full", lastSignInAt: null }, ravi],
      },
    });
    renderWithProviders(<MembersPage />);

    expect(await screen.findByText("Ravi Kumar")).toBeInTheDocument();
    expect(screen.queryByText("Last sign-in")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Change the role/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Invite a member" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave organisation" })).toBeInTheDocument();
    expect(callsTo("GET", `${ORG}/invitations`)).toHaveLength(0);
  });

  it("admin changes a role: the dialog sends only what changed, toasts and reloads the list", async () => {
    signIn();
    let members = [asha, ravi];
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: () => ({ body: members }),
      [`GET ${ORG}/invitations`]: { body: [] },
      [`PATCH ${ORG}/members/8`]: () => {
        members = [asha, { ...ravi, role: "results" }];
        return { body: { ...ravi, role: "results" } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    await user.click(await screen.findByRole("button", { name: "Change the role of Ravi Kumar" }));
    const dialog = screen.getByRole("dialog", { name: "Change the role of Ravi Kumar" });
    expect(within(dialog).getByRole("button", { name: "Save change" })).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "results");
    await user.click(within(dialog).getByRole("button", { name: "Save change" }));

    await waitFor(() => expect(callsTo("PATCH", `${ORG}/members/8`)).toHaveLength(1));
    expect(callsTo("PATCH", `${ORG}/members/8`)[0]?.body).toEqual({ role: "results" });
    expect(await screen.findByText("The role of Ravi Kumar was changed")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(within(cardOf("Ravi Kumar")).getByText("Results only")).toBeInTheDocument());
  });

  it("the last admin's change refused (409 lastOrganisationAdmin): the dialog stays open and says why", async () => {
    signIn();
    mockFetch({
      [`GET ${ORG}/members`]: { body: [asha, ravi] },
      [`GET ${ORG}/invitations`]: { body: [] },
      [`PATCH ${ORG}/members/7`]: {
        status: 409,
        body: {
          error: "Your organisation needs at least one admin: make another member admin before this change",
          code: "conflict",
          messageCode: "last_organisation_admin",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    await user.click(await screen.findByRole("button", { name: "Change the role of Asha Verma" }));
    const dialog = screen.getByRole("dialog");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "full");
    await user.click(within(dialog).getByRole("button", { name: "Save change" }));

    expect(
      await within(dialog).findByText(
        "Your organisation needs at least one admin: make another member admin before this change",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("admin removes a member after confirming: DELETE, toast", async () => {
    signIn();
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: { body: [asha, ravi] },
      [`GET ${ORG}/invitations`]: { body: [] },
      [`DELETE ${ORG}/members/8`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    await user.click(await screen.findByRole("button", { name: "Remove Ravi Kumar" }));
    const dialog = screen.getByRole("dialog", { name: "Remove this member?" });
    expect(callsTo("DELETE", `${ORG}/members/8`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("Ravi Kumar was removed")).toBeInTheDocument();
    expect(callsTo("DELETE", `${ORG}/members/8`)).toHaveLength(1);
  });

  it("leaving: after confirming, DELETE of one's own membership signs out and opens sign-in", async () => {
    signIn({ role: "results" });
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: { body: [asha] },
      [`DELETE ${ORG}/members/7`]: { status: 204 },
      ["POST /api/auth/logout"]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    await user.click(await screen.findByRole("button", { name: "Leave organisation" }));
    const dialog = screen.getByRole("dialog", { name: "Leave this organisation?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave organisation" }));

    expect(await screen.findByRole("heading", { name: "Login page" })).toBeInTheDocument();
    expect(callsTo("DELETE", `${ORG}/members/7`)).toHaveLength(1);
    expect(window.localStorage.getItem("currentUser")).toBeNull();
  });
});

describe("MembersPage: inviting", () => {
  afterEach(() => logout());

  it("sends e-mail, role and scope; toasts; the pending list reloads with the new invitation", async () => {
    signIn();
    let pending: Invitation[] = [];
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: { body: [asha] },
      [`GET ${ORG}/invitations`]: () => ({ body: pending }),
      [`POST ${ORG}/invitations`]: () => {
        pending = [invitation];
        return { status: 201, body: invitation };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    const form = await screen.findByRole("form", { name: "Invite a member" });
    expect(await screen.findByText("No invitations are waiting.")).toBeInTheDocument();
    await user.type(within(form).getByRole("textbox", { name: /Email/ }), "  Meena@Example.com ");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Role" }), "results");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    await waitFor(() => expect(callsTo("POST", `${ORG}/invitations`)).toHaveLength(1));
    expect(callsTo("POST", `${ORG}/invitations`)[0]?.body).toEqual({
      email: "meena@example.com",
      role: "results",
      scope: "all",
    });
    expect(await screen.findByText("Invitation sent to meena@example.com")).toBeInTheDocument();
    expect(
      await screen.findByRole("button", { name: "Revoke the invitation to meena@example.com" }),
    ).toBeInTheDocument();
  });

  it("a bad address is refused here, nothing sent", async () => {
    signIn();
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: { body: [asha] },
      [`GET ${ORG}/invitations`]: { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    const form = await screen.findByRole("form", { name: "Invite a member" });
    await user.type(within(form).getByRole("textbox", { name: /Email/ }), "not-an-address");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    expect(await within(form).findByText("Invalid email format")).toBeInTheDocument();
    expect(callsTo("POST", `${ORG}/invitations`)).toHaveLength(0);
  });

  it("409 invitationPending stands under the e-mail field, with the address", async () => {
    signIn();
    mockFetch({
      [`GET ${ORG}/members`]: { body: [asha] },
      [`GET ${ORG}/invitations`]: { body: [invitation] },
      [`POST ${ORG}/invitations`]: {
        status: 409,
        body: {
          error: "An invitation to meena@example.com is already waiting. Re-send it instead.",
          code: "conflict",
          messageCode: "invitation_pending",
          params: { email: "meena@example.com" },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    const form = await screen.findByRole("form", { name: "Invite a member" });
    const email = within(form).getByRole("textbox", { name: /Email/ });
    await user.type(email, "meena@example.com");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    expect(
      await within(form).findByText(
        "An invitation to meena@example.com is already waiting. Re-send it instead.",
      ),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
  });

  it("re-send and revoke each ask first; revoke sends DELETE and toasts", async () => {
    signIn();
    const { callsTo } = mockFetch({
      [`GET ${ORG}/members`]: { body: [asha] },
      [`GET ${ORG}/invitations`]: { body: [invitation] },
      [`POST ${ORG}/invitations/21/resend`]: { body: invitation },
      [`DELETE ${ORG}/invitations/21`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);

    await user.click(
      await screen.findByRole("button", { name: "Re-send the invitation to meena@example.com" }),
    );
    let dialog = screen.getByRole("dialog", { name: "Re-send this invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Re-send" }));
    expect(await screen.findByText("Invitation re-sent to meena@example.com")).toBeInTheDocument();
    expect(callsTo("POST", `${ORG}/invitations/21/resend`)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Revoke the invitation to meena@example.com" }));
    dialog = screen.getByRole("dialog", { name: "Revoke this invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo("DELETE", `${ORG}/invitations/21`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Revoke the invitation to meena@example.com" }));
    dialog = screen.getByRole("dialog", { name: "Revoke this invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Invitation to meena@example.com revoked")).toBeInTheDocument();
    expect(callsTo("DELETE", `${ORG}/invitations/21`)).toHaveLength(1);
  });
});
