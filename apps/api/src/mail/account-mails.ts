import { VERIFICATION_CODE_TTL_S } from "@lab/contracts";

import { accountMail, mailTranslator, type MailRecipient } from "./localized";
import type { MailToSend } from "./outbox";

// Each mail is written in its recipient account's language (`language`, English when absent). Only
// the lab's words and the code go to an address that may not be proven; an account's own name goes
// only to its verified address (`greeting`).

/** Goes to whatever address the account holds, proven or not: the code and the lab's text only. */
export function passwordResetCodeMail(to: string, code: string, language?: string): MailToSend {
  const translator = mailTranslator(language);
  const { t } = translator;
  const minutes = Math.round(VERIFICATION_CODE_TTL_S / 60);
  return accountMail(to, translator, t("mail.passwordReset.subject", { code }), undefined, [
    t("mail.passwordReset.code", { code }),
    t("mail.passwordReset.expiry", { minutes }),
  ]);
}

export function passwordChangedMail(customer: MailRecipient): MailToSend {
  const translator = mailTranslator(customer.language);
  const { t } = translator;
  return accountMail(customer.email, translator, t("mail.passwordChanged.subject"), customer, [
    t("mail.passwordChanged.body"),
    t("mail.passwordChanged.notYou"),
  ]);
}

/**
 * Goes to the OLD address (`customer` as it was before the change): the only warning its owner gets
 * if someone else moved the account. Only a signed-in account can move, and only a verified one signs
 * in, so the old address is proven and may read the new one.
 */
export function emailChangedMail(
  customer: MailRecipient & { email: string },
  newAddress: string,
): MailToSend {
  const translator = mailTranslator(customer.language);
  const { t } = translator;
  const oldAddress = customer.email;
  return accountMail(oldAddress, translator, t("mail.emailChanged.subject"), customer, [
    t("mail.emailChanged.body", { oldAddress, newAddress }),
    t("mail.emailChanged.notYou"),
  ]);
}

/** Tells the customer a report of theirs was revoked, with the lab's reason; the replacement follows. */
export function reportRevokedMail(
  customer: MailRecipient,
  report: { sampleId: number; certification: string | null; reason: string },
): MailToSend {
  const translator = mailTranslator(customer.language);
  const { t } = translator;
  const values = { sampleId: String(report.sampleId), reason: report.reason };
  return accountMail(customer.email, translator, t("mail.reportRevoked.subject", values), customer, [
    report.certification
      ? t("mail.reportRevoked.body", { ...values, certification: report.certification })
      : t("mail.reportRevoked.bodyUnnumbered", values),
    t("mail.reportRevoked.next"),
  ]);
}
