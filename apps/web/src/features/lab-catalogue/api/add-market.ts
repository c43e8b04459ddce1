import { useMutation, useQueryClient } from "@tanstack/react-query";

import { marketSchema, type Market } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labMarketsQueryKey } from "@/lib/api/get-lab-markets";

export interface MarketInput {
  code: string;
  name: string;
  /** A buyer's own specification belongs to this customer; absent for a public market. */
  customerId?: number;
}

/** POST /lab/markets (admin): a market with no version yet; add its limits as a version next. */
export function addMarket(input: MarketInput): Promise<Market> {
  return apiRequest("/lab/markets", { auth: "staff", method: "POST", body: input, schema: marketSchema });
}

export function useAddMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMarket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labMarketsQueryKey }),
  });
}
