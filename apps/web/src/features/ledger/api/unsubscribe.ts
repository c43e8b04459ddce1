import { useMutation } from "@tanstack/react-query";

import { mailUnsubscribeResponseSchema, type MailUnsubscribeResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /mail/unsubscribe?e=…&s=… (public): the signed link of a shared-report mail opts its address out. */
export function unsubscribe(link: { e: string; s: string }): Promise<MailUnsubscribeResponse> {
  return apiRequest(`/mail/unsubscribe?${new URLSearchParams(link).toString()}`, {
    method: "POST",
    body: {},
    auth: false,
    schema: mailUnsubscribeResponseSchema,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
