import { useMutation, useQueryClient } from "@tanstack/react-query";

import { customerSchema, type Customer, type PhoneVerifyRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { getSession, updateCurrentUser } from "@/lib/auth";
import { parsePhoneCodeSent, type PhoneCodeSent } from "@/utils/phone-code-sent";

import { customerQueryOptions } from "./get-customer";

/** POST /customers/me/phone: sends a code by SMS to the number the member wants to prove. */
export async function requestPhoneCode(phone: string): Promise<PhoneCodeSent> {
  const raw = await apiRequest<unknown>("/customers/me/phone", {
    method: "POST",
    body: { phone: phone.trim() },
  });
  return parsePhoneCodeSent(raw);
}

/** POST /customers/me/phone/verify: the code proves the number; answers the member with it verified. */
export function verifyPhone(input: PhoneVerifyRequest): Promise<Customer> {
  return apiRequest("/customers/me/phone/verify", {
    method: "POST",
    body: { phone: input.phone.trim(), code: input.code.trim() },
    schema: customerSchema,
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQueryOptions(customer.id).queryKey, customer);
      if (getSession()?.user.id === customer.id) updateCurrentUser(customer);
    },
  });
}
