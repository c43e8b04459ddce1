import { messages, type Customer, type RegisterRequest } from "@lab/contracts";

import { ApiError, apiRequest } from "@/lib/api-client";
import { parseCustomer } from "@/lib/auth";
import { useAction } from "@/lib/use-action";

/** Creates an unverified account; the server e-mails the first verification code. */
export async function register(input: RegisterRequest): Promise<Customer> {
  const raw = await apiRequest<unknown>("/customers/register", {
    method: "POST",
    body: { fullName: input.fullName.trim(), email: input.email.trim(), password: input.password },
    auth: false,
  });
  const customer = parseCustomer(raw);
  if (!customer) throw new ApiError(201, messages.registrationFailed, "invalid_response", raw);
  return customer;
}

export function useRegister() {
  return useAction(register);
}
