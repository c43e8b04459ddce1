import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { InvitationPreview } from "@lab/contracts";

import { getSession, logout } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AcceptInvitation, tokenOfHash } from "./accept-invitation";

const PREVIEW = "/api/invitations/preview";
const ACCEPT = "/api/invitations/accept";
const TOKEN = "k7Qe_9xYz-AbCdEf0123456789abcdefghijklmnopq";

const preview: InvitationPreview = {
  organisationName: "Godavari Hatcheries Private Limited",
  email: "meena@example.com",
  role: "results",
  scope: "own",
  expiresAt: "2026-12-02T10:00:00.000Z",
};

const invalid = {
  status: 400,
  body: {
    error:
      "This invitation link is not valid, was already used or has expired. Ask your organisation's administrator for a new one.",
    code: "validation_failed",
    messageCode: "invitation_invalid",
  },
};

const open = (hash: string) =>
  renderWithProviders(<AcceptInvitation />, { route: `/invitation${hash}`, path: "/invitation" });

describe("tokenOfHash", () => {
  it("reads the token from the fragment, empty when there is none", () => {
    expect(tokenOfHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfHash("")).toBe("");
    expect(tokenOfHash("#other=1")).toBe("");
  });
});

describe("AcceptInvitation", () => {
  afterEach(() => logout());

  it("valid link: shows organisation, e-mail, role and scope; name and password create the account, sign in and open the dashboard", async () => {
    const meena = {
      ...customer,
      id: 31,
      email: "meena@example.com",
      fullName: "Meena Rao",
      organisation: { id: 9, name: preview.organisationName },
      role: "results",
      scope: "own",
    };
    const { callsTo } = mockFetch({
      [`POST ${PREVIEW}`]: { body: preview },
      [`POST ${ACCEPT}`]: {
        status: 201,
        body: { customer: meena, accessToken: "invitee-jwt", expiresIn: 900, tokenType: "Bearer" },
      },
    });
    const user = userEvent.setup();
    open(`#token=${TOKEN}`);

    expect(
      await screen.findByRole("heading", { name: "Join Godavari Hatcheries Private Limited" }),
    ).toBeInTheDocument();
    expect(callsTo("POST", PREVIEW)[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByText("meena@example.com")).toBeInTheDocument();
    expect(screen.getByText("Results only · Own samples")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Full Name"), "Meena Rao");
    await user.type(screen.getByLabelText("Password"), "Prawns#2026");
    await user.click(screen.getByRole("button", { name: "Accept and sign in" }));

    expect(await screen.findByRole("heading", { name: "Dashboard page" })).toBeInTheDocument();
    expect(callsTo("POST", ACCEPT)[0]?.body).toEqual({
      token: TOKEN,
      fullName: "Meena Rao",
      password: "Prawns#2026",
      language: "en",
      remember: false,
    });
    expect(getSession()?.user).toMatchObject({ id: 31, role: "results", scope: "own" });
    expect(getSession()?.token.token).toBe("invitee-jwt");
  });

  it("a weak password or no name is refused here, nothing sent", async () => {
    const { callsTo } = mockFetch({ [`POST ${PREVIEW}`]: { body: preview } });
    const user = userEvent.setup();
    open(`#token=${TOKEN}`);

    await user.type(await screen.findByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Accept and sign in" }));

    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(
      screen.getByText("Password does not meet the required criteria. Please check the requirements below."),
    ).toBeInTheDocument();
    expect(callsTo("POST", ACCEPT)).toHaveLength(0);
  });

  it("invalid or expired link: the invitationInvalid message and a way to sign in, no form", async () => {
    mockFetch({ [`POST ${PREVIEW}`]: invalid });
    open(`#token=${TOKEN}`);

    expect(
      await screen.findByText(
        "This invitation link is not valid, was already used or has expired. Ask your organisation's administrator for a new one.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("form", { name: "Accept the invitation" })).not.toBeInTheDocument();
  });

  it("no token in the link: invalid at once, nothing asked", async () => {
    const { requests } = mockFetch({});
    open("");
    expect(
      await screen.findByRole("heading", { name: "This invitation cannot be used" }),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("a link used meanwhile (accept answers invitationInvalid): turns to the invalid message", async () => {
    mockFetch({ [`POST ${PREVIEW}`]: { body: preview }, [`POST ${ACCEPT}`]: invalid });
    const user = userEvent.setup();
    open(`#token=${TOKEN}`);

    await user.type(await screen.findByLabelText("Full Name"), "Meena Rao");
    await user.type(screen.getByLabelText("Password"), "Prawns#2026");
    await user.click(screen.getByRole("button", { name: "Accept and sign in" }));

    expect(
      await screen.findByRole("heading", { name: "This invitation cannot be used" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
