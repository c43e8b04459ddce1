import { useMutation, useQueryClient } from "@tanstack/react-query";

import { FIELD_QUERY_ROOT } from "./query-keys";
import { fieldRequest } from "./field-request";

/** POST /field/jobs/{sampleId}/accept: the agent takes the collection on. */
export function acceptJob(sampleId: number): Promise<unknown> {
  return fieldRequest(`/field/jobs/${sampleId}/accept`, { method: "POST" });
}

export function useAcceptJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptJob,
    onSuccess: () => client.invalidateQueries({ queryKey: [FIELD_QUERY_ROOT] }),
  });
}
