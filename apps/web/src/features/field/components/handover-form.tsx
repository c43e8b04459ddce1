import { useState, type FormEvent } from "react";

import { COURIER_MAX, COURIER_REFERENCE_MAX, type FieldJob } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/input";
import { isApiError, isOffline } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import {
  checkHandover,
  emptyHandover,
  handOver,
  handoverBody,
  type HandoverDraft,
  type HandoverErrors,
  type HandoverField,
} from "../api/hand-over";
import { usePosition } from "../hooks/use-position";
import { shownError } from "../utils/shown-error";

const FIELDS: readonly HandoverField[] = ["courier", "reference", "sealIntact", "temperatureC"];
const isField = (name: unknown): name is HandoverField => FIELDS.some((field) => field === name);

/**
 * The hand-off of a sent collection's sample to a courier. It goes to the lab at once (the lab's
 * record of who holds the sample must be now's), so offline it says so and keeps what was typed.
 */
export function HandoverForm({
  job,
  onDone,
  onCancel,
}: {
  job: FieldJob;
  onDone: (job: FieldJob) => void;
  onCancel: () => void;
}) {
  const { t } = useT("field");
  const position = usePosition();
  const [draft, setDraft] = useState<HandoverDraft>(emptyHandover);
  const [errors, setErrors] = useState<HandoverErrors>({});
  const [failure, setFailure] = useState<Shown | null>(null);
  const [sending, setSending] = useState(false);
  const id = (name: string) => `field-handover-${job.sampleId}-${name}`;

  const set = <K extends keyof HandoverDraft>(key: K, value: HandoverDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkHandover(draft, t("field.handover.sealChoose"));
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    if (isOffline()) {
      setFailure(t("field.handover.offline"));
      return;
    }
    setSending(true);
    try {
      onDone(await handOver({ sampleId: job.sampleId, body: handoverBody(draft, new Date(), position.fix) }));
    } catch (error) {
      if (isApiError(error) && error.status === 0) setFailure(t("field.handover.offline"));
      else {
        const field: unknown =
          isApiError(error) && typeof error.body === "object" && error.body !== null
            ? (error.body as { field?: unknown }).field
            : undefined;
        if (isField(field)) setErrors({ [field]: shownError(error) });
        else setFailure(shownError(error));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={id("title")}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id={id("title")} className="text-base font-semibold text-slate-900">
        {t("field.handover.title")}
      </h3>
      {failure ? <Alert tone="error" message={failure} /> : null}
      <Field id={id("courier")} label={t("field.handover.courier")} error={errors.courier} required>
        <Input
          id={id("courier")}
          className="min-h-11"
          autoComplete="off"
          maxLength={COURIER_MAX}
          value={draft.courier}
          invalid={Boolean(errors.courier)}
          aria-describedby={describedBy(id("courier"), errors.courier)}
          onChange={(event) => set("courier", event.target.value)}
        />
      </Field>
      <Field id={id("reference")} label={t("field.handover.reference")} error={errors.reference}>
        <Input
          id={id("reference")}
          className="min-h-11"
          autoComplete="off"
          maxLength={COURIER_REFERENCE_MAX}
          value={draft.reference}
          invalid={Boolean(errors.reference)}
          aria-describedby={describedBy(id("reference"), errors.reference)}
          onChange={(event) => set("reference", event.target.value)}
        />
      </Field>
      <fieldset className="space-y-1" aria-describedby={errors.sealIntact ? id("seal-error") : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          {t("field.handover.seal")}
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-4">
          {[true, false].map((intact) => (
            <label
              key={String(intact)}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="radio"
                name={id("seal")}
                checked={draft.sealIntact === intact}
                aria-invalid={errors.sealIntact ? true : undefined}
                onChange={() => set("sealIntact", intact)}
                className="h-5 w-5 accent-teal-700"
              />
              {t(intact ? "field.handover.sealYes" : "field.handover.sealNo")}
            </label>
          ))}
        </div>
        {errors.sealIntact ? (
          <p id={id("seal-error")} role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text={errors.sealIntact} />
          </p>
        ) : null}
      </fieldset>
      <Field id={id("temperature")} label={t("field.form.sampleTemp")} error={errors.temperatureC}>
        <Input
          id={id("temperature")}
          className="min-h-11"
          inputMode="decimal"
          autoComplete="off"
          value={draft.temperatureC}
          invalid={Boolean(errors.temperatureC)}
          aria-describedby={describedBy(id("temperature"), errors.temperatureC)}
          onChange={(event) => set("temperatureC", event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" isLoading={sending}>
          {t("field.handover.submit")}
        </Button>
        <Button type="button" variant="ghost" className="min-h-11" onClick={onCancel}>
          {t("field.handover.cancel")}
        </Button>
      </div>
    </form>
  );
}
