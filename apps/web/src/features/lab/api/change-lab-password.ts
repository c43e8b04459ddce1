import { messages, type AccountActionResponse, type ChangePasswordRequest } from "@lab/contracts";

import { parseAccountAction } from "@/features/auth/utils/parse-account-action";

import { labRequest } from "../utils/lab-request";

/** PUT /lab/password: the staff member's other sessions end, this one stays. */
export async function changeLabPassword(input: ChangePasswordRequest): Promise<AccountActionResponse> {
  const raw = await labRequest<unknown>("/password", { method: "PUT", body: input });
  return parseAccountAction(raw, messages.passwordChanged);
}
