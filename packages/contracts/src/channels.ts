import { z } from "zod";

/**
 * Where a notice can reach a member besides the bell and the live push (always on): e-mail, SMS and
 * WhatsApp. SMS and WhatsApp messages are template messages with variables, never free text.
 */
export const NOTICE_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** The phone channels: each message is a row of the message outbox with a status of its own. */
export const MESSAGE_CHANNELS = ["sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * A phone message's life: queued (in the outbox), sent (the SMSC or Cloud API took it), delivered
 * (receipt or status webhook), read (WhatsApp only), failed (with a reason).
 */
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The kinds of notice a member chooses channels for. */
export const PREFERENCE_KINDS = [
  "sampleCollected",
  "sampleRejected",
  "reportReleased",
  "screeningFailed",
  "reportRevoked",
  "invitation",
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/**
 * A member with no saved choice for a kind: the report and a failed screening reach them by WhatsApp
 * (SMS when WhatsApp fails) and e-mail; the rest by e-mail.
 */
export const DEFAULT_NOTICE_CHANNELS: Readonly<Record<PreferenceKind, readonly NoticeChannel[]>> = {
  sampleCollected: ["email"],
  sampleRejected: ["email"],
  reportReleased: ["whatsapp", "email"],
  screeningFailed: ["whatsapp", "email"],
  reportRevoked: ["email"],
  invitation: ["email"],
};

export const noticeChannelSchema = z.enum(NOTICE_CHANNELS, { message: "Choose e-mail, SMS or WhatsApp." });

export const noticePreferencesSchema = z.object({
  /** Per kind, the channels chosen (none: the bell only). */
  channels: z.record(
    z.enum(PREFERENCE_KINDS, { message: "Unknown kind of notice." }),
    z.array(noticeChannelSchema).max(NOTICE_CHANNELS.length, { message: "Choose each channel once." }),
    // A key outside the kinds is reported by the record itself, not by its key's schema; anything
    // but "not an object" is such a key.
    { error: (issue) => (issue.code === "invalid_type" ? undefined : "Unknown kind of notice.") },
  ),
  /** A WhatsApp message that cannot be delivered is sent again by SMS. */
  smsFallback: z.boolean({ message: "Say whether SMS may stand in for WhatsApp." }),
});
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;

/**
 * A member's notice choices as read: every kind's channels (the defaults where none was saved, less
 * a channel the account cannot take) and what the channels need.
 */
export const noticePreferencesViewSchema = z.object({
  channels: z.record(z.enum(PREFERENCE_KINDS), z.array(z.enum(NOTICE_CHANNELS))),
  smsFallback: z.boolean(),
  /** The account's mobile number as people write it ("+91 94400 12345"), or none. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The language the messages are written in: the account's. */
  language: z.string(),
});
export type NoticePreferencesView = z.infer<typeof noticePreferencesViewSchema>;

/** One phone message as its reader sees it on a sample or in the console. */
export const messageStatusViewSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** E.164, shown masked to customers (the last four digits). */
  to: z.string(),
  kind: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageStatusView = z.infer<typeof messageStatusViewSchema>;
