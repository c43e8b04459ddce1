import { newsletterStateResponseSchema, type NewsletterStateResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /newsletter/unsubscribe (public): the mailed link's token stops the newsletter. */
export const unsubscribeNewsletter = (token: string): Promise<NewsletterStateResponse> =>
  apiRequest("/newsletter/unsubscribe", {
    method: "POST",
    body: { token },
    auth: false,
    schema: newsletterStateResponseSchema,
  });
