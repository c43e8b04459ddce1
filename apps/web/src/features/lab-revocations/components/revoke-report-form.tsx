import { Ban } from "lucide-react";
import { useState, type FormEvent } from "react";

import {
  REVOCATION_NOTE_MAX,
  REVOCATION_REASONS,
  type RevocationReason,
  type RevokeRequest,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { Field, Select, Textarea, describedBy } from "@/components/ui/input";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

const isReason = (value: string): value is RevocationReason =>
  (REVOCATION_REASONS as readonly string[]).includes(value);

/**
 * Ask to revoke an issued report: a reason from the fixed list (the words the customer and the
 * certificate check show) and an optional internal note only staff read. A second reviewer or admin
 * confirms, unless the lab allows one person to revoke alone.
 */
export function RevokeReportForm({
  reportId,
  busy,
  onRevoke,
}: {
  reportId: number;
  busy: boolean;
  onRevoke: (revocation: RevokeRequest) => void;
}) {
  const { t } = useT("lab");
  const names = useDomainNames();
  const [reasonCode, setReasonCode] = useState<RevocationReason | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { ref: formRef, reveal } = useErrorReveal();
  const reasonId = `revoke-reason-${reportId}`;
  const noteId = `revoke-note-${reportId}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reasonCode === "") {
      setError("revokeReasonRequired");
      reveal();
      return;
    }
    setError(undefined);
    onRevoke({ reasonCode, note: note.trim() });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t("lab.revoke.formLabel")}
      className="space-y-3"
    >
      <Field id={reasonId} label={t("lab.revoke.reason")} error={error} required>
        <Select
          id={reasonId}
          value={reasonCode}
          onChange={(event) => {
            const value = event.target.value;
            setReasonCode(isReason(value) ? value : "");
            setError(undefined);
          }}
          invalid={Boolean(error)}
          aria-describedby={describedBy(reasonId, error)}
          aria-required="true"
          className="min-h-11 w-full"
        >
          <option value="">{t("lab.revoke.chooseReason")}</option>
          {REVOCATION_REASONS.map((code) => (
            <option key={code} value={code}>
              {names.revocationReason(code)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={noteId} label={t("lab.revoke.note")} hint={t("lab.revoke.noteHint")}>
        <Textarea
          id={noteId}
          rows={2}
          value={note}
          maxLength={REVOCATION_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          aria-describedby={describedBy(noteId, undefined, true)}
        />
      </Field>
      <p className="text-sm text-slate-700">{t("lab.revoke.secondPerson")}</p>
      <Button
        type="submit"
        variant="danger"
        className="min-h-11"
        isLoading={busy}
        icon={<Ban aria-hidden="true" className="h-4 w-4" />}
      >
        {t("lab.revoke.submit")}
      </Button>
    </form>
  );
}
