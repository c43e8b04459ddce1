import type { RejectionReason } from "@lab/contracts";

import { rejectionReasonsWording } from "../domain/notifications/notification-kinds";
import { accountMail, mailTranslator, type MailRecipient } from "./localized";
import type { MailToSend } from "./outbox";

/** A sample refused at reception as a member's mail receives it. */
export interface RejectedSample {
  sampleId: number;
  reasons: readonly RejectionReason[];
  /** Reception's own words, printed as written. */
  note: string | null;
  /** The sample's page in the portal, where the rejection notice is downloaded. */
  sampleUrl: string;
  /** Submit Sample with this sample's details filled in. */
  resubmitUrl: string;
}

/**
 * Tells a member at once that the lab refused a sample on arrival: the reasons in the member's
 * language, reception's note, where the notice is, and how to send a new sample.
 */
export function sampleRejectedMail(recipient: MailRecipient, rejected: RejectedSample): MailToSend {
  const translator = mailTranslator(recipient.language);
  const { t } = translator;
  const sampleId = String(rejected.sampleId);
  return accountMail(recipient.email, translator, t("mail.sampleRejected.subject", { sampleId }), recipient, [
    t("mail.sampleRejected.body", {
      sampleId,
      reasons: rejectionReasonsWording(rejected.reasons, translator),
    }),
    ...(rejected.note ? [t("mail.sampleRejected.note", { note: rejected.note })] : []),
    t("mail.sampleRejected.notice", { url: rejected.sampleUrl }),
    t("mail.sampleRejected.resubmit", { url: rejected.resubmitUrl }),
    t("mail.report.signIn"),
  ]);
}
