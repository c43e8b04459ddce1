import { useMutation, useQueryClient } from "@tanstack/react-query";

import { panelSchema, type Panel } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labPanelsQueryKey } from "./get-lab-panels";

/** PUT /lab/panels/{testType} (admin): the panel's parameter codes, in order. */
export function updatePanel({
  testType,
  parameters,
}: {
  testType: string;
  parameters: string[];
}): Promise<Panel> {
  return apiRequest(`/lab/panels/${encodeURIComponent(testType)}`, {
    auth: "staff",
    method: "PUT",
    body: { parameters },
    schema: panelSchema,
  });
}

export function useUpdatePanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePanel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labPanelsQueryKey }),
  });
}
