import type { Agent, AgentInvitation, AgentSignedIn, FieldAgent } from "@lab/contracts";
import type { AgentRow } from "@lab/db";

import type { AgentSignIn } from "../domain/field/agent-accounts";
import { displayPhone } from "../lib/phone";

export function presentAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    phone: displayPhone(row.phone),
    active: row.active,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    canSignIn: row.passwordHash !== null,
    invitedUntil: row.invitationExpiresAt?.toISOString() ?? null,
  };
}

/** An invitation link, shown once to the staff member who made it. */
export function presentAgentInvitation(invitation: { url: string; expiresAt: Date }): AgentInvitation {
  return { url: invitation.url, expiresAt: invitation.expiresAt.toISOString() };
}

/** The signed-in agent as the field app shows them. */
export function presentFieldAgent(row: AgentRow): FieldAgent {
  return { id: row.id, name: row.name, phone: displayPhone(row.phone) };
}

/** The body of an agent's sign-in, join or refresh: the agent and the bearer token. */
export function presentAgentSignedIn(signIn: AgentSignIn): AgentSignedIn {
  return {
    agent: presentFieldAgent(signIn.agent),
    accessToken: signIn.accessToken,
    expiresIn: signIn.expiresIn,
    tokenType: "Bearer",
  };
}
