import { type AccountActionResponse, type ChangePasswordRequest } from "@lab/contracts";

import { parseAccountAction } from "@/utils/parse-account-action";
import { apiRequest } from "@/lib/api-client";

/**
 * PUT /customers/{id}/password: other devices are signed out, this one stays. 400
 * current_password_required or validation_failed, 403 current_password_invalid.
 */
export async function changePassword({
  id,
  ...input
}: ChangePasswordRequest & { id: number }): Promise<AccountActionResponse> {
  const raw = await apiRequest<unknown>(`/customers/${id}/password`, { method: "PUT", body: input });
  return parseAccountAction(raw, "passwordChanged");
}
