import { Ban } from "lucide-react";
import { useState, type FormEvent } from "react";

import { REVOKE_REASON_MAX, messages } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { Field, Textarea, describedBy } from "@/components/ui/input";
import { useT } from "@/lib/i18n/use-t";

/** Revoke an issued report, with the reason the customer and the certificate check will show. */
export function RevokeReportForm({ busy, onRevoke }: { busy: boolean; onRevoke: (reason: string) => void }) {
  const { t } = useT("lab");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { ref: formRef, reveal } = useErrorReveal();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(messages.revokeReasonRequired);
      reveal();
      return;
    }
    setError(undefined);
    onRevoke(trimmed);
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t("lab.revoke.formLabel")}
      className="space-y-3"
    >
      <Field id="revoke-reason" label={t("lab.revoke.reason")} error={error} required>
        <Textarea
          id="revoke-reason"
          rows={3}
          value={reason}
          maxLength={REVOKE_REASON_MAX}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          invalid={Boolean(error)}
          aria-describedby={describedBy("revoke-reason", error)}
          aria-required="true"
        />
      </Field>
      <Button
        type="submit"
        variant="danger"
        isLoading={busy}
        icon={<Ban aria-hidden="true" className="h-4 w-4" />}
      >
        {t("lab.revoke.submit")}
      </Button>
    </form>
  );
}
