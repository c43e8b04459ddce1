import { labLoginResponseSchema, type LabLoginResponse, type LoginRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { startLabSession } from "@/lib/lab-session";

/**
 * POST /lab/login: a staff token (role lab) and the staff refresh cookie (30 days with `remember`,
 * else the browser session); 401 'Invalid email or password'.
 */
export function labLogin(credentials: LoginRequest): Promise<LabLoginResponse> {
  return apiRequest("/lab/login", {
    method: "POST",
    body: {
      email: credentials.email.trim(),
      password: credentials.password,
      remember: credentials.remember ?? false,
    },
    auth: false,
    schema: labLoginResponseSchema,
  });
}

/** Signs a staff member in to the console and stores the lab session; the customer's is left alone. */
export async function labSignIn(credentials: LoginRequest): Promise<LabLoginResponse> {
  const answer = await labLogin(credentials);
  startLabSession(answer);
  return answer;
}
