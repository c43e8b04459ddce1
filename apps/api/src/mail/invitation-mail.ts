import { INVITATION_TTL_DAYS } from "@lab/contracts";

import { escapeHtml, mailTranslator } from "./localized";
import type { MailToSend } from "./outbox";

/**
 * The invitation to join an organisation's account. The address has not been proven and the names of
 * the organisation and the inviter were typed by a customer, so the mail carries neither: only the
 * lab's words and the link. The page the link opens shows who invited them.
 */
export function invitationMail(to: string, link: string, language?: string): MailToSend {
  const { t, language: lang } = mailTranslator(language);
  const hello = t("mail.hello");
  const body = t("mail.invitation.body");
  const open = t("mail.invitation.open");
  const expiry = t("mail.invitation.expiry", { days: INVITATION_TTL_DAYS });
  const notYou = t("mail.invitation.notYou");
  const signature = t("mail.signature");
  const text = [hello, "", body, "", `${open} ${link}`, "", expiry, notYou, "", signature].join("\n");
  const html = `<div lang="${lang}">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>
<p>${escapeHtml(expiry)} ${escapeHtml(notYou)}</p>
<p>${escapeHtml(signature)}</p>
</div>`;
  return { to: [to], subject: t("mail.invitation.subject"), text, html };
}
