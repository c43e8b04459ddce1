import { agentSignedInSchema, type AgentJoin, type AgentSignIn, type AgentSignedIn } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { startAgentSession } from "../utils/agent-session";

/** POST /field/auth/sign-in: the agent's token, and a refresh cookie (kept 30 days with keepSignedIn). */
export async function agentSignIn(input: AgentSignIn): Promise<AgentSignedIn> {
  const answer = await apiRequest("/field/auth/sign-in", {
    method: "POST",
    auth: false,
    body: { phone: input.phone.trim(), password: input.password, keepSignedIn: input.keepSignedIn ?? false },
    schema: agentSignedInSchema,
  });
  startAgentSession(answer);
  return answer;
}

/** POST /field/auth/join: the invitation link's token and a new password; signed in at once. */
export async function agentJoin(input: AgentJoin): Promise<AgentSignedIn> {
  const answer = await apiRequest("/field/auth/join", {
    method: "POST",
    auth: false,
    body: input,
    schema: agentSignedInSchema,
  });
  startAgentSession(answer);
  return answer;
}
