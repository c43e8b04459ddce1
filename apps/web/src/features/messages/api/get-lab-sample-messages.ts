import { useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { messageStatusViewSchema, type MessageStatusView } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_REFRESH_MS, labSamplesQueryKey } from "@/lib/lab-query-keys";

const messagesSchema = z.array(messageStatusViewSchema);

/** GET /lab/samples/{id}/messages: every SMS and WhatsApp message about the sample, numbers whole. */
export function getLabSampleMessages(sampleId: number): Promise<MessageStatusView[]> {
  return apiRequest(`/lab/samples/${sampleId}/messages`, { auth: "staff", schema: messagesSchema });
}

/** Refreshed as the rest of the console's sample page is. */
export function useLabSampleMessages(sampleId: number) {
  return useQuery({
    queryKey: [...labSamplesQueryKey, "messages", sampleId],
    queryFn: () => getLabSampleMessages(sampleId),
    refetchInterval: LAB_REFRESH_MS,
  });
}
