/**
 * Every SMS and WhatsApp message is one of these templates, with exactly these variables: the texts are
 * registered with the operators (TRAI DLT for SMS, Meta's approval for WhatsApp) and free text is never
 * sent. Each template's words per language are the `sms.<key>` and `whatsapp.<key>` catalogue entries.
 */
export const MESSAGE_TEMPLATES = {
  /** A one-time code: registration, sign-in, password reset, a farmer's hand-over. */
  code: ["code", "minutes"],
  /** An invitation to an organisation, with its link. */
  invitation: ["organisation", "link"],
  sampleCollected: ["sample"],
  sampleRejected: ["sample", "reason"],
  /** The released report, with the link anyone can check it at. */
  reportReleased: ["sample", "link"],
  screeningFailed: ["sample", "link"],
  reportRevoked: ["sample"],
} as const satisfies Record<string, readonly string[]>;

export type TemplateKey = keyof typeof MESSAGE_TEMPLATES;
export type TemplateVariables<K extends TemplateKey> = Record<(typeof MESSAGE_TEMPLATES)[K][number], string>;

export const TEMPLATE_KEYS = Object.keys(MESSAGE_TEMPLATES) as TemplateKey[];

export const isTemplateKey = (value: string): value is TemplateKey => Object.hasOwn(MESSAGE_TEMPLATES, value);
