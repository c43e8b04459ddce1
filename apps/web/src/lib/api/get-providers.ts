import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { USER_TYPES, providerSchema, type Provider } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

// A provider without a known type reads as a Farmer (the badge's default).
const listedProviderSchema = providerSchema.extend({ userType: z.enum(USER_TYPES).catch("Farmer") });

/** GET /customers/{id}/sample-providers: newest first. */
export function getProviders(customerId: number): Promise<Provider[]> {
  return apiRequest(`/customers/${customerId}/sample-providers`, { schema: z.array(listedProviderSchema) });
}

export const providersQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: ["customers", customerId, "sample-providers"],
    queryFn: () => getProviders(customerId),
  });

export function useProviders(customerId: number) {
  return useQuery(providersQueryOptions(customerId));
}
