import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { messages, type Agent } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AgentsPage } from "./agents-page";

const signIn = () =>
  startLabSession({
    staff: { id: 1, email: "lab@aquatest.local", name: "Lab Admin", roles: ["admin"], language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

const agent = (fields: Partial<Agent> & Pick<Agent, "id" | "name">): Agent => ({
  phone: "+919440012345",
  active: true,
  coordinates: null,
  canSignIn: false,
  invitedUntil: null,
  ...fields,
});

const URL_SHOWN = "https://portal.example/field/join?token=abc123";

describe("AgentsPage invitations", { timeout: 15_000 }, () => {
  afterEach(() => resetLabSessionCache());

  it("each agent says whether they sign in or until when they are invited; Invite shows the link once with Copy and its 7 days", async () => {
    signIn();
    const { callsTo } = mockFetch({
      "GET /api/lab/agents": {
        body: [
          agent({ id: 1, name: "Suresh Reddy", canSignIn: true }),
          agent({ id: 2, name: "Ravi Teja", invitedUntil: "2099-12-01T10:00:00.000Z" }),
          agent({ id: 3, name: "Anil Kumar" }),
        ],
      },
      "POST /api/lab/agents/3/invitation": {
        body: { url: URL_SHOWN, expiresAt: "2026-12-05T10:00:00.000Z" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AgentsPage />, { route: "/lab/agents" });
    const list = await screen.findByRole("list");
    const [suresh, ravi, anil] = within(list).getAllByRole("listitem");
    expect(within(suresh as HTMLElement).getByText("Can sign in")).toBeInTheDocument();
    expect(within(ravi as HTMLElement).getByText(/^Invited until /)).toBeInTheDocument();
    expect(within(anil as HTMLElement).queryByText(/Can sign in|Invited until/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New sign-in link for Suresh Reddy" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Invite Anil Kumar to the field app" }));
    const dialog = await screen.findByRole("dialog", { name: "Invitation for Anil Kumar" });
    expect(callsTo("POST", "/api/lab/agents/3/invitation")).toHaveLength(1);
    expect(within(dialog).getByLabelText("Invitation link")).toHaveValue(URL_SHOWN);
    expect(within(dialog).getByText(/It works for 7 days and is shown only this once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Copy Link" }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(URL_SHOWN);
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(URL_SHOWN)).not.toBeInTheDocument();
  });

  it("a refused invitation is said on the page, and no link is shown", async () => {
    signIn();
    mockFetch({
      "GET /api/lab/agents": { body: [agent({ id: 3, name: "Anil Kumar" })] },
      "POST /api/lab/agents/3/invitation": {
        status: 409,
        body: { error: messages.agentPhoneTaken, code: "conflict", messageCode: "agent_phone_taken" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AgentsPage />, { route: "/lab/agents" });
    await user.click(await screen.findByRole("button", { name: "Invite Anil Kumar to the field app" }));
    expect(await screen.findByText(messages.agentPhoneTaken)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
