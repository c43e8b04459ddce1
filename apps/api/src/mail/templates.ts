import { VERIFICATION_CODE_TTL_S } from "@lab/contracts";

import type { MailToSend } from "./outbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationCodeMail(to: string, fullName: string, code: string): MailToSend {
  const minutes = Math.round(VERIFICATION_CODE_TTL_S / 60);
  const text = [
    `Hello ${fullName},`,
    "",
    `Your verification code is: ${code}`,
    "",
    `It expires in ${minutes} minutes and can be used once. If you did not ask for it, ignore this e-mail.`,
    "",
    "AquaTest Laboratory customer portal",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(fullName)},</p>
<p>Your verification code is:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>It expires in ${minutes} minutes and can be used once. If you did not ask for it, ignore this e-mail.</p>
<p>AquaTest Laboratory customer portal</p>`;
  return { to: [to], subject: `Your verification code: ${code}`, text, html };
}
