import { useMutation, useQueryClient } from "@tanstack/react-query";

import { agentSchema, type Agent, type AgentInput } from "@lab/contracts";

import { agentsQueryOptions } from "./get-agents";

import { apiRequest } from "@/lib/api-client";

/** PUT /lab/agents/{id} with the whole agent. */
export function updateAgent({ id, input }: { id: number; input: AgentInput }): Promise<Agent> {
  return apiRequest(`/lab/agents/${id}`, { auth: "staff", method: "PUT", body: input, schema: agentSchema });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
}
