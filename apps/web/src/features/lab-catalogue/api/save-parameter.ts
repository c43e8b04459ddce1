import { useMutation, useQueryClient } from "@tanstack/react-query";

import { parameterSchema, type Parameter, type ParameterInput } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

import { labPanelsQueryKey } from "./get-lab-panels";

/**
 * POST /lab/parameters (a new one) or PUT /lab/parameters/{code} (an edit), admins only: the
 * catalogue a panel draws from.
 */
export function saveParameter({
  input,
  editing,
}: {
  input: ParameterInput;
  editing: boolean;
}): Promise<Parameter> {
  return apiRequest(editing ? `/lab/parameters/${encodeURIComponent(input.code)}` : "/lab/parameters", {
    auth: "staff",
    method: editing ? "PUT" : "POST",
    body: input,
    schema: parameterSchema,
  });
}

export function useSaveParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParameter,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [LAB_QUERY_ROOT, "parameters"] });
      await queryClient.invalidateQueries({ queryKey: labPanelsQueryKey });
    },
  });
}
