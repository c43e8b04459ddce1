import { useMutation, useQueryClient } from "@tanstack/react-query";

import { agentSchema, type Agent, type AgentInput } from "@lab/contracts";

import { labRequest } from "../utils/lab-request";
import { agentsQueryOptions } from "./get-agents";

/** PUT /lab/agents/{id} with the whole agent. */
export function updateAgent({ id, input }: { id: number; input: AgentInput }): Promise<Agent> {
  return labRequest(`/agents/${id}`, { method: "PUT", body: input, schema: agentSchema });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
}
