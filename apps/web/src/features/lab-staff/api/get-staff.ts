import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { staffMemberSchema, type StaffMember } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

export const staffQueryKey = [LAB_QUERY_ROOT, "staff"] as const;

/** GET /lab/staff (admin): every staff account, active or not. */
export function getStaff(): Promise<StaffMember[]> {
  return apiRequest("/lab/staff", { auth: "staff", schema: z.array(staffMemberSchema) });
}

export const staffQueryOptions = () => queryOptions({ queryKey: staffQueryKey, queryFn: getStaff });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
