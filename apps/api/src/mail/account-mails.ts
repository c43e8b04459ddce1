import { VERIFICATION_CODE_TTL_S } from "@lab/contracts";

import type { MailToSend } from "./outbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SIGNATURE = "AquaTest Laboratory customer portal";

function mail(to: string, subject: string, paragraphs: string[]): MailToSend {
  return {
    to: [to],
    subject,
    text: [...paragraphs, SIGNATURE].join("\n\n"),
    html: [...paragraphs, SIGNATURE].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
  };
}

export function passwordResetCodeMail(to: string, fullName: string, code: string): MailToSend {
  const minutes = Math.round(VERIFICATION_CODE_TTL_S / 60);
  return mail(to, `Your password reset code: ${code}`, [
    `Hello ${fullName},`,
    `Your code to reset your password is: ${code}`,
    `It expires in ${minutes} minutes and can be used once. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.`,
  ]);
}

export function passwordChangedMail(to: string, fullName: string): MailToSend {
  return mail(to, "Your password was changed", [
    `Hello ${fullName},`,
    "The password of your AquaTest Laboratory account was just changed, and every other device was signed out.",
    "If this was not you, reset your password now with 'Forgot password?' on the sign-in page, and tell the laboratory.",
  ]);
}

/** Goes to the OLD address: the only warning its owner gets if someone else moved the account. */
export function emailChangedMail(oldAddress: string, fullName: string, newAddress: string): MailToSend {
  return mail(oldAddress, "The e-mail address of your account was changed", [
    `Hello ${fullName},`,
    `The e-mail address of your AquaTest Laboratory account was changed from ${oldAddress} to ${newAddress}, and every device was signed out.`,
    "If this was not you, contact the laboratory at once: reply to this e-mail.",
  ]);
}
