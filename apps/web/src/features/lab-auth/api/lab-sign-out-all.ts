import { type AccountActionResponse } from "@lab/contracts";

import { parseAccountAction } from "@/utils/parse-account-action";

import { apiRequest } from "@/lib/api-client";

/** POST /lab/sign-out-all: ends every session of the staff account, this one included. */
export async function labSignOutAll(): Promise<AccountActionResponse> {
  const raw = await apiRequest<unknown>("/lab/sign-out-all", { auth: "staff", method: "POST" });
  return parseAccountAction(raw, "signedOutEverywhere");
}
