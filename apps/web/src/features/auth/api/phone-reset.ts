import type { AccountActionResponse, PhoneResetRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { parseAccountAction } from "@/utils/parse-account-action";

/** POST /auth/phone/reset-password: a new password with the SMS code; every other session of the account ends. */
export async function phoneResetPassword(input: PhoneResetRequest): Promise<AccountActionResponse> {
  const raw = await apiRequest<unknown>("/auth/phone/reset-password", {
    method: "POST",
    body: { phone: input.phone.trim(), code: input.code.trim(), password: input.password },
    auth: false,
  });
  return parseAccountAction(raw, "passwordResetOk");
}
