import { useMutation, useQueryClient } from "@tanstack/react-query";

import { providerSchema, type Provider, type ProviderInput } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { providersQueryOptions } from "./get-providers";

/** POST /customers/{id}/sample-providers → 201 the provider. */
export function createProvider({
  customerId,
  input,
}: {
  customerId: number;
  input: ProviderInput;
}): Promise<Provider> {
  return apiRequest(`/customers/${customerId}/sample-providers`, {
    method: "POST",
    body: input,
    schema: providerSchema,
  });
}

export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProvider,
    onSuccess: (provider) =>
      queryClient.invalidateQueries({ queryKey: providersQueryOptions(provider.customerId).queryKey }),
  });
}
