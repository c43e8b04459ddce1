import type { LabLoginResponse, LoginResponse } from "@lab/contracts";

import type { SignIn } from "../domain/accounts/accounts";
import { presentCustomer } from "./customer";
import { presentStaff } from "./staff";

/** The body of a sign-in or a refresh: the person (never a password hash) and the bearer token. */
export function presentSignIn(signIn: SignIn): LoginResponse | LabLoginResponse {
  const token = {
    accessToken: signIn.accessToken,
    expiresIn: signIn.expiresIn,
    tokenType: "Bearer" as const,
  };
  if (signIn.role === "customer") return { customer: presentCustomer(signIn.customer), ...token };
  return { staff: presentStaff(signIn.staff), ...token };
}
