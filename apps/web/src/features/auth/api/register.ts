import { type Customer, type RegisterRequest } from "@lab/contracts";

import { ApiError, apiRequest } from "@/lib/api-client";
import { parseCustomer } from "@/lib/auth";
import { getLanguage } from "@/lib/i18n/i18n";
import { useAction } from "@/lib/use-action";

/**
 * Creates an unverified account; the server e-mails the first verification code. The language the
 * page is read in becomes the account's (its e-mails, and every device it signs in on).
 */
export async function register(input: RegisterRequest): Promise<Customer> {
  const raw = await apiRequest<unknown>("/customers/register", {
    method: "POST",
    body: {
      fullName: input.fullName.trim(),
      email: input.email.trim(),
      password: input.password,
      language: getLanguage(),
    },
    auth: false,
  });
  const customer = parseCustomer(raw);
  if (!customer) throw new ApiError(201, "registrationFailed", "invalid_response", raw);
  return customer;
}

export function useRegister() {
  return useAction(register);
}
