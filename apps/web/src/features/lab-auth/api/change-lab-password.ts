import { type AccountActionResponse, type ChangePasswordRequest } from "@lab/contracts";

import { parseAccountAction } from "@/utils/parse-account-action";

import { apiRequest } from "@/lib/api-client";

/** PUT /lab/password: the staff member's other sessions end, this one stays. */
export async function changeLabPassword(input: ChangePasswordRequest): Promise<AccountActionResponse> {
  const raw = await apiRequest<unknown>("/lab/password", { auth: "staff", method: "PUT", body: input });
  return parseAccountAction(raw, "passwordChanged");
}
