import { useMutation, useQueryClient } from "@tanstack/react-query";

import { staffMemberSchema, type AddStaffRequest, type StaffMember } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { staffQueryKey } from "./get-staff";

/** POST /lab/staff (admin): a new staff account with its roles; 409 when the email is taken. */
export function addStaff(input: AddStaffRequest): Promise<StaffMember> {
  return apiRequest("/lab/staff", { auth: "staff", method: "POST", body: input, schema: staffMemberSchema });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
