import { translatorFor, type Translator } from "@lab/i18n/node";

import type { MailToSend } from "./outbox";

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The translator of a recipient account's language; English for anything unknown. */
export const mailTranslator = (language: string | undefined): Translator => translatorFor(language);

/** The account a mail goes to, as stored: a customer row fits (one without an address gets no mail). */
export interface MailRecipient {
  email: string | null;
  fullName: string;
  language: string;
  emailVerifiedAt: Date | null;
}

/**
 * "Hello Ravi," only when the account's address is proven: the name is text someone typed, and an
 * unverified address (a registration, an e-mail change not yet confirmed) may be a stranger's.
 */
export function greeting(t: Translator["t"], recipient: MailRecipient | undefined): string {
  return recipient?.emailVerifiedAt ? t("mail.greeting", { name: recipient.fullName }) : t("mail.hello");
}

/**
 * An account mail in its recipient's language: greeting, paragraphs and the portal's signature, as
 * text and as HTML (marked with its language, so mail clients pick the right fonts and voices).
 * Without a recipient account (a code mail to an address not yet proven) the greeting names nobody.
 * Without an address (a member who signed up by phone) it goes to nobody, and is not queued.
 */
export function accountMail(
  to: string | null,
  { t, language }: Translator,
  subject: string,
  recipient: MailRecipient | undefined,
  paragraphs: string[],
): MailToSend {
  const all = [greeting(t, recipient), ...paragraphs, t("mail.signature")];
  return {
    to: to === null ? [] : [to],
    subject,
    text: all.join("\n\n"),
    html: `<div lang="${language}">\n${all.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}\n</div>`,
  };
}
