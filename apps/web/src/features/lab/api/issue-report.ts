import { useMutation, useQueryClient } from "@tanstack/react-query";

import { reportSchema, type IssueReportRequest, type Report } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "./get-lab-samples";

/** POST /lab/samples/{id}/report: TESTING → COMPLETED; answers 201 the report. */
export function issueReport({
  sampleId,
  input,
}: {
  sampleId: number;
  input: IssueReportRequest;
}): Promise<Report> {
  return apiRequest(`/lab/samples/${sampleId}/report`, {
    auth: "staff",
    method: "POST",
    body: input,
    schema: reportSchema,
  });
}

export function useIssueReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueReport,
    // A refused move (409) means the view is stale (the dispatcher or a colleague moved it): reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
