import { messages, type AccountActionResponse } from "@lab/contracts";

import { parseAccountAction } from "@/features/auth/utils/parse-account-action";

import { labRequest } from "../utils/lab-request";

/** POST /lab/sign-out-all: ends every session of the staff account, this one included. */
export async function labSignOutAll(): Promise<AccountActionResponse> {
  const raw = await labRequest<unknown>("/sign-out-all", { method: "POST" });
  return parseAccountAction(raw, messages.signedOutEverywhere);
}
