import { useMutation, useQueryClient } from "@tanstack/react-query";

import { providerSchema, type Provider, type ProviderInput } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { useIdempotencyKeys } from "@/lib/idempotency-key";

import { providersQueryOptions } from "./get-providers";

/** POST /customers/{id}/sample-providers → 201 the provider. */
export function createProvider({
  customerId,
  input,
  idempotencyKey,
}: {
  customerId: number;
  input: ProviderInput;
  /** A retry with the key of a create whose answer was lost returns the first provider. */
  idempotencyKey?: string;
}): Promise<Provider> {
  return apiRequest(`/customers/${customerId}/sample-providers`, {
    method: "POST",
    body: input,
    schema: providerSchema,
    ...(idempotencyKey === undefined ? {} : { headers: { "Idempotency-Key": idempotencyKey } }),
  });
}

/** Each create sends a key, kept while the values are unchanged and renewed after a success. */
export function useCreateProvider() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (variables: { customerId: number; input: ProviderInput }) =>
      createProvider({ ...variables, idempotencyKey: keys.keyFor(variables) }),
    onSuccess: (provider) => {
      keys.succeeded();
      return queryClient.invalidateQueries({ queryKey: providersQueryOptions(provider.customerId).queryKey });
    },
  });
}
