import { useMutation, useQueryClient } from "@tanstack/react-query";

import { contactEnquirySchema, type ContactEnquiry } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { enquiriesQueryKey } from "./get-enquiries";

/** POST /lab/enquiries/{id}/handled: idempotent. */
export function markEnquiryHandled(id: number): Promise<ContactEnquiry> {
  return apiRequest(`/lab/enquiries/${id}/handled`, {
    auth: "staff",
    method: "POST",
    schema: contactEnquirySchema,
  });
}

export function useMarkEnquiryHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEnquiryHandled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
  });
}
