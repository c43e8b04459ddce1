import { useMutation, useQueryClient } from "@tanstack/react-query";

import { agentSchema, type Agent, type AgentInput } from "@lab/contracts";

import { agentsQueryOptions } from "./get-agents";

import { apiRequest } from "@/lib/api-client";

/** POST /lab/agents → 201 the agent. */
export function createAgent(input: AgentInput): Promise<Agent> {
  return apiRequest("/lab/agents", { auth: "staff", method: "POST", body: input, schema: agentSchema });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
}
