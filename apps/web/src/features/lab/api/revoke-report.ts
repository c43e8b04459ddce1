import { useMutation, useQueryClient } from "@tanstack/react-query";

import { reportSchema, type Report } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "./get-lab-samples";

/** POST /lab/reports/{id}/revoke: the report stays readable, marked revoked; 409 if already revoked. */
export function revokeReport({ reportId, reason }: { reportId: number; reason: string }): Promise<Report> {
  return apiRequest(`/lab/reports/${reportId}/revoke`, {
    auth: "staff",
    method: "POST",
    body: { reason },
    schema: reportSchema,
  });
}

export function useRevokeReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReport,
    // A refused move (409) means the view is stale (the dispatcher or a colleague moved it): reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
