import { newsletterStateResponseSchema, type NewsletterStateResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /newsletter/confirm (public): the mailed link's token confirms the subscription. */
export const confirmNewsletter = (token: string): Promise<NewsletterStateResponse> =>
  apiRequest("/newsletter/confirm", {
    method: "POST",
    body: { token },
    auth: false,
    schema: newsletterStateResponseSchema,
  });
