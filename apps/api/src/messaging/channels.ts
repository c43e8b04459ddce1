/**
 * What the message sender asks of a phone channel, and what a channel tells it back. The SMPP client,
 * the WhatsApp Cloud API client and the dev outbox each implement one; the sender does not know which.
 */

/** An SMS ready to submit: its text already rendered from a DLT-registered template. */
export interface OutgoingSms {
  /** The outbox row's id: the channel's logs and receipts name it. */
  messageId: number;
  /** E.164. */
  to: string;
  text: string;
  /** The DLT content template id the text was registered under. */
  dltTemplateId: string;
}

export interface SmsSubmitted {
  /** The SMSC's message id of each part, in order (one for a short message). */
  providerIds: string[];
}

/** What a delivery receipt (SMS) or a status webhook (WhatsApp) says about one sent message or part. */
export interface DeliveryReport {
  providerId: string;
  status: "delivered" | "read" | "failed";
  /** Why it failed, in the provider's words (an error code and its title). */
  reason?: string | undefined;
  at: Date;
}

export interface SmsChannel {
  submit(sms: OutgoingSms): Promise<SmsSubmitted>;
  /** Receipts as the SMSC sends them; called for every receipt, in the order they arrive. */
  onReport(listener: (report: DeliveryReport) => void | Promise<void>): void;
  close(): Promise<void>;
}

/** An approved WhatsApp template message by name and language code, with its body's variables. */
export interface OutgoingWhatsApp {
  messageId: number;
  /** E.164. */
  to: string;
  template: string;
  /** The Cloud API's language code, e.g. "te" or "en". */
  languageCode: string;
  /** The body's {{1}}, {{2}}, … in order. */
  parameters: string[];
}

export interface WhatsAppChannel {
  /** The Cloud API's message id (wamid). */
  send(message: OutgoingWhatsApp): Promise<{ providerId: string }>;
  close(): Promise<void>;
}

/**
 * A channel's refusal. `permanent`: this message will never go (a bad number, a template not
 * approved) and is failed with `reason`; otherwise the channel itself is down or busy and the message
 * is retried with backoff (`retryAfterMs` when the provider said how long to wait).
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ChannelError";
  }
}
