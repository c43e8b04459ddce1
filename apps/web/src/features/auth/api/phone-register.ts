import type { PhoneRegisterRequest } from "@lab/contracts";

import { apiRequest, localError } from "@/lib/api-client";
import { getLanguage } from "@/lib/i18n/i18n";
import { beginSession, normalizeLoginResponse, type LoginResult } from "@/lib/login-response";
import { useAction } from "@/lib/use-action";

/**
 * POST /auth/phone/register: the account is created with the number the code proved and signed in at
 * once (no e-mail to verify first). An e-mail given here gets the usual verification code. The
 * language the page is read in becomes the account's.
 */
export async function phoneRegister(input: PhoneRegisterRequest): Promise<LoginResult> {
  const email = typeof input.email === "string" ? input.email.trim() : "";
  const raw = await apiRequest<unknown>("/auth/phone/register", {
    method: "POST",
    body: {
      phone: input.phone.trim(),
      code: input.code.trim(),
      fullName: input.fullName.trim(),
      password: input.password,
      language: getLanguage(),
      ...(email ? { email } : {}),
    },
    auth: false,
  });
  const result = normalizeLoginResponse(raw);
  if (!result) throw localError(200, "registrationFailed", "invalid_response", raw);
  return result;
}

export function usePhoneRegister() {
  return useAction(phoneRegister, { onSuccess: beginSession });
}
