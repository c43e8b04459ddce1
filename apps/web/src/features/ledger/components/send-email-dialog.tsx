import { useId, useState } from "react";
import { Link } from "react-router";

import { LEDGER_EMAIL_MAX_SAMPLES, type LedgerEmailResponse, type Sample } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { translate } from "@/lib/i18n/i18n";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useSendLedgerEmail } from "../api/send-ledger-email";
import { countWithReports, uniqueRecipients } from "../utils/recipients";

/** The server refused because the sharer has no e-mail address of their own to send from. */
const needsOwnEmail = (error: unknown) =>
  isApiError(error) && error.status === 422 && error.messageCode === "email_needed_to_share";

/** The API's error text; a request that got no answer reads as the spec's 'Failed to send emails'. */
export function sendErrorMessage(error: unknown): string {
  return isApiError(error) && error.status !== 0 && error.message ? error.message : "ledgerSendFailed";
}

/**
 * The success toast in the reader's language (the English is contracts' ledgerEmailSuccessMessage);
 * addresses that unsubscribed from shared reports are counted after it.
 */
export function sendSuccessMessage(result: LedgerEmailResponse): string {
  const sent =
    result.reportsAttached > 0
      ? translate("account.ledger.emailDialog.sentWithReports", {
          recipients: result.recipients,
          reports: result.reportsAttached,
        })
      : translate("account.ledger.emailDialog.sent", { recipients: result.recipients });
  return result.skipped > 0
    ? `${sent}. ${translate("account.ledger.emailDialog.skipped", { count: result.skipped })}`
    : sent;
}

interface SendEmailDialogProps {
  open: boolean;
  onClose: () => void;
  selected: ReadonlyMap<number, Sample>;
}

/**
 * 'Send Email': mails the selected samples' contacts through POST /ledger/email. The recipients did
 * not ask for mail from the lab, so it is the lab's standard message: the dialog has no subject or
 * message to type, and says what the recipients will read.
 */
export function SendEmailDialog({ open, onClose, selected }: SendEmailDialogProps) {
  const { t } = useT("account");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("account.ledger.emailDialog.title")}
      className="sm:max-w-lg"
    >
      {/* Mounted only while open: each opening starts with the reports included. */}
      <SendEmailForm selected={selected} onClose={onClose} />
    </Dialog>
  );
}

function SendEmailForm({
  selected,
  onClose,
}: {
  selected: ReadonlyMap<number, Sample>;
  onClose: () => void;
}) {
  const { t, number } = useT("account");
  const toast = useToast();
  const user = useUser();
  // A member who signed up with a mobile number may have no address: the mail goes out in their name.
  const [refusedNoEmail, setRefusedNoEmail] = useState(false);
  const noOwnEmail = refusedNoEmail || (user !== null && user.email === null);
  const send = useSendLedgerEmail({
    onSuccess: (result) => {
      toast.success(sendSuccessMessage(result));
      onClose();
    },
    onError: (error) => {
      if (needsOwnEmail(error)) setRefusedNoEmail(true);
      else toast.error(sendErrorMessage(error));
    },
  });
  const id = useId();
  const [includeReports, setIncludeReports] = useState(true);

  const samples = [...selected.values()];
  const recipients = uniqueRecipients(samples);
  const withReports = countWithReports(samples);
  const tooMany = samples.length > LEDGER_EMAIL_MAX_SAMPLES;
  const blocked = recipients.length === 0 || tooMany || noOwnEmail;
  const canSend = !blocked && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    send.mutate({
      sampleIds: samples.map((sample) => sample.id),
      includeReports: withReports > 0 && includeReports,
    });
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {noOwnEmail ? (
        <Alert tone="error">
          <LocalizedMessage text={"emailNeededToShare"} />{" "}
          <Link
            to={paths.profile.href()}
            onClick={onClose}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
          >
            {t("account.ledger.emailDialog.openProfile")}
          </Link>
        </Alert>
      ) : null}
      {tooMany ? (
        <Alert tone="error">
          <LocalizedMessage text={"ledgerTooManySamples"} />
        </Alert>
      ) : null}
      <section aria-labelledby={`${id}-recipients`} className="space-y-1">
        <h3 id={`${id}-recipients`} className="text-sm font-medium text-slate-800">
          {t("account.ledger.emailDialog.recipients", { count: number(recipients.length) })}
        </h3>
        {recipients.length === 0 ? (
          <Alert tone="error">
            <LocalizedMessage text={"ledgerNoEmails"} />
          </Alert>
        ) : (
          <ul className="max-h-32 space-y-0.5 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
            {recipients.map((address) => (
              <li key={address.toLowerCase()} className="break-all">
                {address}
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="text-sm text-slate-700">
        {t("account.ledger.emailDialog.withReports", { count: withReports })}
      </p>
      {withReports > 0 ? (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800 max-lg:min-h-11">
          <input
            type="checkbox"
            checked={includeReports}
            onChange={(event) => setIncludeReports(event.target.checked)}
            className="h-4 w-4 rounded border-slate-400 accent-teal-700"
          />
          {t("account.ledger.emailDialog.includeReports")}
        </label>
      ) : null}

      <Alert tone="info">
        <LocalizedMessage text={"ledgerSentOnYourBehalf"} />
      </Alert>

      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={!canSend}>
          {t(send.isPending ? "account.ledger.emailDialog.sending" : "account.ledger.emailDialog.send")}
        </Button>
      </div>
    </form>
  );
}
