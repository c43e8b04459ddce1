import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { ReceptionInput } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** POST /lab/reception/{code}: accept, reject, or proceed with the customer's consent. */
export function receiveSample({ code, input }: { code: string; input: ReceptionInput }): Promise<unknown> {
  return apiRequest(`/lab/reception/${encodeURIComponent(code)}`, {
    auth: "staff",
    method: "POST",
    body: input,
  });
}

export function useReceiveSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveSample,
    // The queue and the sample's page show the new status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LAB_QUERY_ROOT] }),
  });
}
