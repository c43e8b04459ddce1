import { useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { messageStatusViewSchema, type MessageStatusView } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { sampleKeys } from "@/lib/api/sample-keys";

import { refreshWhileUnsettled } from "../utils/message-refresh";

const messagesSchema = z.array(messageStatusViewSchema);

/** GET /samples/{id}/messages: the member's own SMS and WhatsApp messages about the sample. */
export function getSampleMessages(id: string): Promise<MessageStatusView[]> {
  return apiRequest(`/samples/${encodeURIComponent(id)}/messages`, { schema: messagesSchema });
}

/**
 * Re-read when the sample's live change arrives (the live cache invalidates this key), when the page
 * comes back into view, and now and then while a recent message has not settled.
 */
export function useSampleMessages(id: string, enabled = true) {
  return useQuery({
    queryKey: sampleKeys.messages(id),
    queryFn: () => getSampleMessages(id),
    enabled,
    refetchOnWindowFocus: "always",
    refetchInterval: (query) => refreshWhileUnsettled(query.state.data),
  });
}
