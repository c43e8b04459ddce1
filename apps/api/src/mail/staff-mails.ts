import { VERIFICATION_CODE_TTL_S } from "@lab/contracts";
import type { StaffRow } from "@lab/db";

import { escapeHtml, mailTranslator } from "./localized";
import type { MailToSend } from "./outbox";

// The lab console's own mails, in the staff member's language. They carry only the lab's words, the
// name the lab gave the member and the code: nothing a requester typed reaches the inbox.

type StaffRecipient = Pick<StaffRow, "email" | "name" | "language">;
type Translate = ReturnType<typeof mailTranslator>["t"];

function staffMail(
  member: StaffRecipient,
  write: (t: Translate) => { subject: string; paragraphs: string[] },
): MailToSend {
  const { t, language } = mailTranslator(member.language);
  const { subject, paragraphs } = write(t);
  const all = [t("mail.greeting", { name: member.name }), ...paragraphs, t("mail.staffReset.signature")];
  return {
    to: [member.email],
    subject,
    text: all.join("\n\n"),
    html: `<div lang="${language}">\n${all.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}\n</div>`,
  };
}

/** The code that resets a staff member's console password (asked for at the console's sign-in). */
export function staffResetCodeMail(member: StaffRecipient, code: string): MailToSend {
  const minutes = Math.round(VERIFICATION_CODE_TTL_S / 60);
  return staffMail(member, (t) => ({
    subject: t("mail.staffReset.subject", { code }),
    paragraphs: [t("mail.staffReset.code", { code }), t("mail.passwordReset.expiry", { minutes })],
  }));
}

/** After a reset: the only warning the member gets if someone else read their inbox. */
export function staffPasswordResetMail(member: StaffRecipient): MailToSend {
  return staffMail(member, (t) => ({
    subject: t("mail.staffReset.doneSubject"),
    paragraphs: [t("mail.staffReset.done"), t("mail.staffReset.notYou")],
  }));
}
