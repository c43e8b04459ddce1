import { acceptedResponseSchema, type AcceptedResponse, type ContactEnquiryRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /enquiries (public): the landing page's contact form; 202 with the text to show. */
export const sendEnquiry = (input: ContactEnquiryRequest): Promise<AcceptedResponse> =>
  apiRequest("/enquiries", { method: "POST", body: input, auth: false, schema: acceptedResponseSchema });
