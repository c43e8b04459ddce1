import { labLoginResponseSchema, type LabLoginResponse, type LoginRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { setLanguage } from "@/lib/i18n/i18n";
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

/**
 * Signs a staff member in to the console and stores the lab session; the customer's is left alone.
 * The console then speaks the language saved in the member's account (it follows them to any device).
 */
export async function labSignIn(credentials: LoginRequest): Promise<LabLoginResponse> {
  const answer = await labLogin(credentials);
  startLabSession(answer);
  // A catalogue that fails to load (offline) leaves the current language; the sign-in still stands.
  await setLanguage(answer.staff.language).catch(() => undefined);
  return answer;
}
