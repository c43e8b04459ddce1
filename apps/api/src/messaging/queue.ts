import type { MessageChannel } from "@lab/contracts";
import { outboxMessages, type Executor, type OutboxMessageRow } from "@lab/db";

import type { Effects } from "../domain/unit-of-work";
import type { TemplateKey, TemplateVariables } from "./templates";

export interface QueuedMessage<K extends TemplateKey = TemplateKey> {
  channel: MessageChannel;
  /** E.164. */
  to: string;
  template: K;
  variables: TemplateVariables<K>;
  language: string;
  /** Why it is sent: a kind of notice, "code" or "invitation". */
  kind: string;
  customerId?: number | null | undefined;
  sampleId?: number | null | undefined;
  /** For WhatsApp: an SMS may stand in when it cannot be delivered. */
  smsFallback?: boolean | undefined;
}

/** A message of any one template with that template's variables (a batch may mix templates). */
export type AnyQueuedMessage = { [K in TemplateKey]: QueuedMessage<K> }[TemplateKey];

/**
 * Puts messages in the phone channels' outbox in the caller's transaction; the message sender is woken
 * once the transaction commits, and a rollback sends nothing.
 */
export async function queueMessages(
  tx: Executor,
  effects: Effects,
  messages: readonly AnyQueuedMessage[],
): Promise<OutboxMessageRow[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outboxMessages)
    .values(
      messages.map((message) => ({
        channel: message.channel,
        recipient: message.to,
        template: message.template,
        variables: { ...message.variables },
        language: message.language,
        kind: message.kind,
        customerId: message.customerId ?? null,
        sampleId: message.sampleId ?? null,
        smsFallback: message.channel === "whatsapp" && message.smsFallback === true,
      })),
    )
    .returning();
  effects.add("messagesQueued");
  return rows;
}
