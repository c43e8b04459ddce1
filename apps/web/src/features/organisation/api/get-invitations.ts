import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { invitationSchema, type Invitation } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** GET /organisations/{id}/invitations (admins): the pending ones. */
export function getInvitations(id: number): Promise<Invitation[]> {
  return apiRequest(`/organisations/${id}/invitations`, { schema: z.array(invitationSchema) });
}

export const invitationsQueryOptions = (id: number) =>
  queryOptions({ queryKey: organisationKeys.invitations(id), queryFn: () => getInvitations(id) });

export function useInvitations(id: number, enabled = true) {
  return useQuery({ ...invitationsQueryOptions(id), enabled });
}
