import { useMutation, useQueryClient } from "@tanstack/react-query";

import { contactEnquirySchema, type ContactEnquiry } from "@lab/contracts";

import { labRequest } from "../utils/lab-request";

/** POST /lab/enquiries/{id}/handled: idempotent. */
export function markEnquiryHandled(id: number): Promise<ContactEnquiry> {
  return labRequest(`/enquiries/${id}/handled`, { method: "POST", schema: contactEnquirySchema });
}

export function useMarkEnquiryHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEnquiryHandled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["lab", "enquiries"] }),
  });
}
