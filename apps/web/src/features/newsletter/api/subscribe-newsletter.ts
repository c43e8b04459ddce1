import { acceptedResponseSchema, type AcceptedResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /newsletter/subscriptions (public): always 202 "check your inbox", whoever the address is. */
export const subscribeNewsletter = (email: string): Promise<AcceptedResponse> =>
  apiRequest("/newsletter/subscriptions", {
    method: "POST",
    body: { email },
    auth: false,
    schema: acceptedResponseSchema,
  });
