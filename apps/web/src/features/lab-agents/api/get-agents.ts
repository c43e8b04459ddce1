import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { agentSchema, type Agent } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** GET /lab/agents: the roster of field collectors. */
export function getAgents(): Promise<Agent[]> {
  return apiRequest("/lab/agents", { auth: "staff", schema: z.array(agentSchema) });
}

export const agentsQueryOptions = () =>
  queryOptions({ queryKey: [LAB_QUERY_ROOT, "agents"], queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions());
}
