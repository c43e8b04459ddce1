import { useMutation, useQueryClient } from "@tanstack/react-query";

import { staffMemberSchema, type StaffMember, type StaffRole } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { staffQueryKey } from "./get-staff";

export interface StaffChange {
  roles?: StaffRole[];
  active?: boolean;
}

/** PATCH /lab/staff/{id} (admin): roles and/or active; 409 for the last admin or oneself. */
export function updateStaff({ id, change }: { id: number; change: StaffChange }): Promise<StaffMember> {
  return apiRequest(`/lab/staff/${id}`, {
    auth: "staff",
    method: "PATCH",
    body: change,
    schema: staffMemberSchema,
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
