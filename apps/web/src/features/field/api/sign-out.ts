import { apiRequest } from "@/lib/api-client";

import { forgetJobLists } from "../hooks/use-job-list";
import { endAgentSession, getAgentSession } from "../utils/agent-session";

/** Signs out here at once, then on the server (best effort: offline, the phone is signed out anyway). */
export async function agentSignOut(): Promise<void> {
  const session = getAgentSession();
  endAgentSession();
  forgetJobLists();
  if (!session) return;
  await apiRequest("/field/auth/sign-out", {
    method: "POST",
    auth: false,
    bearer: { token: session.token, tokenType: session.tokenType },
    headers: { "X-Requested-With": "fetch" },
  }).catch(() => undefined);
}
