import { useMutation, useQueryClient } from "@tanstack/react-query";

import { customerSchema, type Customer, type UpdateProfileRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { getSession, updateCurrentUser } from "@/lib/auth";

import { customerQueryOptions } from "./get-customer";

/** PUT /customers/{id}/profile with only the changed fields. */
export function updateProfile({
  id,
  changes,
}: {
  id: number;
  changes: UpdateProfileRequest;
}): Promise<Customer> {
  return apiRequest(`/customers/${id}/profile`, { method: "PUT", body: changes, schema: customerSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQueryOptions(customer.id).queryKey, customer);
      if (getSession()?.user.id === customer.id) updateCurrentUser(customer);
    },
  });
}
