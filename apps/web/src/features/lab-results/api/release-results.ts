import { useMutation, useQueryClient } from "@tanstack/react-query";

import { reportSchema, type Report } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "@/lib/lab-query-keys";

/**
 * POST /lab/samples/{id}/release (reviewer): TESTING → COMPLETED with the issued report (201).
 * 403 same_person when the caller entered results of the round; 409 when nothing can be released.
 */
export function releaseResults({ sampleId, note }: { sampleId: number; note?: string }): Promise<Report> {
  return apiRequest(`/lab/samples/${sampleId}/release`, {
    auth: "staff",
    method: "POST",
    body: note ? { note } : {},
    schema: reportSchema,
  });
}

export function useReleaseResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseResults,
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
