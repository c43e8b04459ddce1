import { useMutation, useQueryClient } from "@tanstack/react-query";

import { reportSchema, type IssueReportRequest, type Report } from "@lab/contracts";

import { labRequest } from "../utils/lab-request";

/** POST /lab/samples/{id}/report: TESTING → COMPLETED; answers 201 the report. */
export function issueReport({
  sampleId,
  input,
}: {
  sampleId: number;
  input: IssueReportRequest;
}): Promise<Report> {
  return labRequest(`/samples/${sampleId}/report`, { method: "POST", body: input, schema: reportSchema });
}

export function useIssueReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueReport,
    // A refused move (409) means the view is stale (the dispatcher or a colleague moved it): reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["lab", "samples"] }),
  });
}
