import { VERIFICATION_CODE_TTL_S } from "@lab/contracts";

import { accountMail, mailTranslator } from "./localized";
import type { MailToSend } from "./outbox";

// Each mail is written in its recipient account's language (`language`, English when absent).

export function passwordResetCodeMail(
  to: string,
  fullName: string,
  code: string,
  language?: string,
): MailToSend {
  const translator = mailTranslator(language);
  const { t } = translator;
  const minutes = Math.round(VERIFICATION_CODE_TTL_S / 60);
  return accountMail(to, translator, t("mail.passwordReset.subject", { code }), fullName, [
    t("mail.passwordReset.code", { code }),
    t("mail.passwordReset.expiry", { minutes }),
  ]);
}

export function passwordChangedMail(to: string, fullName: string, language?: string): MailToSend {
  const translator = mailTranslator(language);
  const { t } = translator;
  return accountMail(to, translator, t("mail.passwordChanged.subject"), fullName, [
    t("mail.passwordChanged.body"),
    t("mail.passwordChanged.notYou"),
  ]);
}

/** Goes to the OLD address: the only warning its owner gets if someone else moved the account. */
export function emailChangedMail(
  oldAddress: string,
  fullName: string,
  newAddress: string,
  language?: string,
): MailToSend {
  const translator = mailTranslator(language);
  const { t } = translator;
  return accountMail(oldAddress, translator, t("mail.emailChanged.subject"), fullName, [
    t("mail.emailChanged.body", { oldAddress, newAddress }),
    t("mail.emailChanged.notYou"),
  ]);
}

/** Tells the customer a report of theirs was revoked, with the lab's reason; the replacement follows. */
export function reportRevokedMail(
  customer: { email: string; fullName: string; language: string },
  report: { sampleId: number; certification: string | null; reason: string },
): MailToSend {
  const translator = mailTranslator(customer.language);
  const { t } = translator;
  const values = { sampleId: String(report.sampleId), reason: report.reason };
  return accountMail(customer.email, translator, t("mail.reportRevoked.subject", values), customer.fullName, [
    report.certification
      ? t("mail.reportRevoked.body", { ...values, certification: report.certification })
      : t("mail.reportRevoked.bodyUnnumbered", values),
    t("mail.reportRevoked.next"),
  ]);
}
