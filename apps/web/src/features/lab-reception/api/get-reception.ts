import { receptionLookupSchema, type ReceptionLookup } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /lab/reception/{code}: the sample a label (or a sample id) names, with what the agent recorded. */
export function getReception(code: string): Promise<ReceptionLookup> {
  return apiRequest(`/lab/reception/${encodeURIComponent(code)}`, {
    auth: "staff",
    schema: receptionLookupSchema,
  });
}
