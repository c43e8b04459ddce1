import { parameterWording } from "../domain/notifications/notification-kinds";
import { accountMail, mailTranslator, type MailRecipient } from "./localized";
import type { MailToSend } from "./outbox";

/** A failed pre-harvest screening as a member's mail receives it: what failed, and where to retest. */
export interface FailedScreening {
  sampleId: number;
  lotCode: string;
  /** The market codes the screening failed. */
  markets: readonly string[];
  /** The failing parameters, by code and the name they were judged under. */
  parameters: readonly { code: string; name: string }[];
  /** Submit Sample with the lot and purpose chosen: a retest is a new sample of the same lot. */
  retestUrl: string;
}

/**
 * Tells a member at once that a pre-harvest screening failed: the lot, the markets it failed, the
 * parameters outside a limit (in the member's language where the catalogue names them) and the
 * retest link. The lab's words and the lot's code only; the name greets only a proven address.
 */
export function screeningFailedMail(recipient: MailRecipient, screening: FailedScreening): MailToSend {
  const translator = mailTranslator(recipient.language);
  const { t } = translator;
  const values = {
    sampleId: String(screening.sampleId),
    lotCode: screening.lotCode,
    markets: screening.markets.join(", "),
  };
  const parameters = screening.parameters
    .map((line) => parameterWording(line.code, line.name, translator))
    .join(", ");
  return accountMail(recipient.email, translator, t("mail.screeningFailed.subject", values), recipient, [
    t("mail.screeningFailed.body", values),
    ...(parameters === "" ? [] : [t("mail.screeningFailed.parameters", { parameters })]),
    t("mail.screeningFailed.retest", { url: screening.retestUrl }),
    t("mail.report.signIn"),
  ]);
}
