import type { AcceptedResponse, ContactEnquiryRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/**
 * POST /enquiries (public): the landing page's contact form; 202 with the text to show. The answer is
 * not parsed with its zod schema: /login's bundle stays without zod (docs/architecture.md).
 */
export const sendEnquiry = (input: ContactEnquiryRequest): Promise<AcceptedResponse> =>
  apiRequest<AcceptedResponse>("/enquiries", { method: "POST", body: input, auth: false });
