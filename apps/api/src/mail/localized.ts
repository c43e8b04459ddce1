import { translatorFor, type Translator } from "@lab/i18n/node";

import type { MailToSend } from "./outbox";

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The translator of a recipient account's language (issue 17); English for anything unknown. */
export const mailTranslator = (language: string | undefined): Translator => translatorFor(language);

/**
 * An account mail in its recipient's language: greeting, paragraphs and the portal's signature, as
 * text and as HTML (marked with its language, so mail clients pick the right fonts and voices).
 */
export function accountMail(
  to: string,
  { t, language }: Translator,
  subject: string,
  fullName: string,
  paragraphs: string[],
): MailToSend {
  const all = [t("mail.greeting", { name: fullName }), ...paragraphs, t("mail.signature")];
  return {
    to: [to],
    subject,
    text: all.join("\n\n"),
    html: `<div lang="${language}">\n${all.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}\n</div>`,
  };
}
