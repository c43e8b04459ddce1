import type { AgentJoin, AgentSignIn, AgentSignedIn } from "@lab/contracts";

import { apiRequest, localError } from "@/lib/api-client";

import { parseSignedIn, startAgentSession } from "../utils/agent-session";

/** The answer checked by hand: the field pages do without zod (their budget). */
function signedIn(body: unknown): AgentSignedIn {
  const answer = parseSignedIn(body);
  if (!answer) throw localError(200, "serverError", "invalid_response", body);
  return answer;
}

/** POST /field/auth/sign-in: the agent's token, and a refresh cookie (kept 30 days with keepSignedIn). */
export async function agentSignIn(input: AgentSignIn): Promise<AgentSignedIn> {
  const answer = signedIn(
    await apiRequest<unknown>("/field/auth/sign-in", {
      method: "POST",
      auth: false,
      body: {
        phone: input.phone.trim(),
        password: input.password,
        keepSignedIn: input.keepSignedIn ?? false,
      },
    }),
  );
  startAgentSession(answer);
  return answer;
}

/** POST /field/auth/join: the invitation link's token and a new password; signed in at once. */
export async function agentJoin(input: AgentJoin): Promise<AgentSignedIn> {
  const answer = signedIn(
    await apiRequest<unknown>("/field/auth/join", { method: "POST", auth: false, body: input }),
  );
  startAgentSession(answer);
  return answer;
}
