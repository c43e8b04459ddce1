import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";

import { specVersionSchema, type SpecVersion, type specVersionInputSchema } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labMarketsQueryKey } from "@/lib/api/get-lab-markets";

export type SpecVersionInput = z.input<typeof specVersionInputSchema>;

/** POST /lab/markets/{code}/versions (admin): a new version of the market's specification. */
export function addSpecVersion({
  market,
  input,
}: {
  market: string;
  input: SpecVersionInput;
}): Promise<SpecVersion> {
  return apiRequest(`/lab/markets/${encodeURIComponent(market)}/versions`, {
    auth: "staff",
    method: "POST",
    body: input,
    schema: specVersionSchema,
  });
}

export function useAddSpecVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSpecVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labMarketsQueryKey }),
  });
}
