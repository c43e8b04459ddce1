import { apiRequest, isApiError, localError, type RequestOptions } from "@/lib/api-client";
import { isOffline } from "@/lib/network";

import {
  endAgentSession,
  freshAgentToken,
  getAgentSession,
  refreshAgentSession,
} from "../utils/agent-session";

type FieldOptions<T> = Omit<RequestOptions<T>, "auth" | "bearer">;

/**
 * A call as the signed-in agent: their bearer token (refreshed first when due); a refused token
 * refreshes once and retries, and a refused refresh signs the agent out on this phone.
 */
export async function fieldRequest<T = unknown>(path: string, options: FieldOptions<T> = {}): Promise<T> {
  const session = await freshAgentToken();
  if (!session) {
    if (getAgentSession()) throw localError(0, isOffline() ? "offline" : "networkError", "network");
    throw localError(401, "authRequired", "unauthenticated");
  }
  const call = (token: string, tokenType: string) =>
    apiRequest(path, { ...options, auth: false, bearer: { token, tokenType } });
  try {
    return await call(session.token, session.tokenType);
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    const refreshed = await refreshAgentSession();
    if (!refreshed || refreshed.token === session.token) {
      if (refreshed) endAgentSession();
      throw error;
    }
    return call(refreshed.token, refreshed.tokenType);
  }
}
