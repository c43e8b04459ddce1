import { lotCheckAnswerSchema, type LotCheck } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /lots/check {codes} (public, up to 200): each code's state, duplicates once. */
export async function checkLots(codes: readonly string[]): Promise<LotCheck[]> {
  const answer = await apiRequest("/lots/check", {
    method: "POST",
    auth: false,
    body: { codes },
    schema: lotCheckAnswerSchema,
  });
  return answer.items;
}
