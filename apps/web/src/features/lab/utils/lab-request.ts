import { messages } from "@lab/contracts";

import { ApiError, apiRequest, isApiError, type RequestOptions } from "@/lib/api-client";

import { endLabSession, getLabSession } from "./lab-session";

/** A call under /api/lab with the staff token; a refused token ends the lab session (not the customer's). */
export async function labRequest<T>(
  path: string,
  options: Omit<RequestOptions<T>, "auth" | "bearer"> = {},
): Promise<T> {
  const session = getLabSession();
  if (!session) throw new ApiError(401, messages.authRequired, "unauthenticated");
  try {
    return await apiRequest(`/lab${path}`, {
      ...options,
      auth: false,
      bearer: { token: session.token, tokenType: session.tokenType },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) endLabSession("unauthorized");
    throw error;
  }
}
