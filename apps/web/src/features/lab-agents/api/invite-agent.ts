import { useMutation, useQueryClient } from "@tanstack/react-query";

import { agentInvitationSchema, type AgentInvitation } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { agentsQueryOptions } from "./get-agents";

/** POST /lab/agents/{id}/invitation: a new sign-up link for the field app (replaces an open one). */
export function inviteAgent(id: number): Promise<AgentInvitation> {
  return apiRequest(`/lab/agents/${id}/invitation`, {
    auth: "staff",
    method: "POST",
    schema: agentInvitationSchema,
  });
}

export function useInviteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAgent,
    // The roster shows "Invited until …" from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
}
