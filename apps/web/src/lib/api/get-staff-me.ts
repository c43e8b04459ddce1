import { queryOptions, useQuery } from "@tanstack/react-query";

import { staffMemberSchema, type StaffMember } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** GET /lab/staff/me: the signed-in staff member's roles now (an admin may have changed them). */
export function getStaffMe(): Promise<StaffMember> {
  return apiRequest("/lab/staff/me", { auth: "staff", schema: staffMemberSchema });
}

export const staffMeQueryOptions = () =>
  queryOptions({
    queryKey: [LAB_QUERY_ROOT, "staff", "me"],
    queryFn: getStaffMe,
    staleTime: 60_000,
    retry: false,
  });

export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}
