import { VERIFICATION_CODE_TTL_S } from "@lab/contracts";

import { escapeHtml, mailTranslator } from "./localized";
import type { MailToSend } from "./outbox";

/**
 * The verification code mail, in the account's language (the one given at registration). The address
 * is the one being proven, so it may be a stranger's: nothing typed goes in it, not even the name,
 * only the code and the lab's words.
 */
export function verificationCodeMail(to: string, code: string, language?: string): MailToSend {
  const { t, language: lang } = mailTranslator(language);
  const minutes = Math.round(VERIFICATION_CODE_TTL_S / 60);
  const hello = t("mail.hello");
  const expiry = t("mail.verification.expiry", { minutes });
  const signature = t("mail.signature");
  const text = [hello, "", t("mail.verification.code", { code }), "", expiry, "", signature].join("\n");
  const html = `<div lang="${lang}">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(t("mail.verification.codeLabel"))}</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(signature)}</p>
</div>`;
  return { to: [to], subject: t("mail.verification.subject", { code }), text, html };
}
