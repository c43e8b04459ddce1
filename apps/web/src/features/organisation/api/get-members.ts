import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { memberSchema, type Member } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** GET /organisations/{id}/members: everyone in it (the last sign-in only for admins). */
export function getMembers(id: number): Promise<Member[]> {
  return apiRequest(`/organisations/${id}/members`, { schema: z.array(memberSchema) });
}

export const membersQueryOptions = (id: number) =>
  queryOptions({ queryKey: organisationKeys.members(id), queryFn: () => getMembers(id) });

export function useMembers(id: number) {
  return useQuery(membersQueryOptions(id));
}
