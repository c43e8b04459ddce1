import { type AccountActionResponse } from "@lab/contracts";

import { parseAccountAction } from "@/utils/parse-account-action";
import { apiRequest } from "@/lib/api-client";

/** POST /customers/{id}/sign-out-all: ends every session of the account, the one calling included. */
export async function signOutAll(id: number): Promise<AccountActionResponse> {
  const raw = await apiRequest<unknown>(`/customers/${id}/sign-out-all`, { method: "POST" });
  return parseAccountAction(raw, "signedOutEverywhere");
}
