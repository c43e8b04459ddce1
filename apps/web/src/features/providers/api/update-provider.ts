import { useMutation, useQueryClient } from "@tanstack/react-query";

import { providerSchema, type Provider, type ProviderInput } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { providersQueryOptions } from "@/lib/api/get-providers";

/** PUT /customers/{id}/sample-providers-simple/{providerId}: errors read the `error` field. */
export function updateProvider({
  customerId,
  providerId,
  input,
}: {
  customerId: number;
  providerId: number;
  input: ProviderInput;
}): Promise<Provider> {
  return apiRequest(`/customers/${customerId}/sample-providers-simple/${providerId}`, {
    method: "PUT",
    body: input,
    schema: providerSchema,
  });
}

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProvider,
    onSuccess: (provider) =>
      queryClient.invalidateQueries({ queryKey: providersQueryOptions(provider.customerId).queryKey }),
  });
}
