import { Check, Plus, ShieldCheck, X } from "lucide-react";
import { useId, useState } from "react";

import {
  REJECTION_REASONS,
  SEAL_MAX,
  SEALS_MAX,
  STATUS_NOTE_MAX,
  TEMPERATURE_C,
  type ReceptionDecision,
  type ReceptionInput,
  type ReceptionLookup,
  type RejectionReason,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { useErrorReveal } from "@/components/ui/form-errors";
import { describedBy, Field, Input, Textarea } from "@/components/ui/input";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { missingSeals, unmatchedSeals } from "../utils/scan-code";

type Errors = Partial<Record<"temperature" | "reasons" | "note", Shown>>;

const INTACT_CHOICES = ["yes", "no"] as const;

interface ReceptionCheckProps {
  lookup: ReceptionLookup;
  busy: boolean;
  /** Sends the decision; a refusal is shown by the page. */
  onDecide: (input: ReceptionInput) => Promise<unknown>;
}

/**
 * Reception's check of the containers against what the agent recorded: the seal numbers read (one
 * not recorded is marked), whether the seals are intact, the temperature on arrival; then Accept,
 * Reject (asked first) with reasons, or Proceed with the customer's consent (reasons and a note).
 */
export function ReceptionCheck({ lookup, busy, onDecide }: ReceptionCheckProps) {
  const { t } = useT("lab", "domain");
  const id = useId();
  const recorded = lookup.collection?.seals ?? [];
  const [seals, setSeals] = useState<string[]>(() =>
    recorded.map(() => "").concat(recorded.length ? [] : [""]),
  );
  const [sealIntact, setSealIntact] = useState<"" | "yes" | "no">("");
  const [temperature, setTemperature] = useState("");
  const [reasons, setReasons] = useState<RejectionReason[]>([]);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [rejecting, setRejecting] = useState<ReceptionInput | null>(null);
  const { ref: formRef, reveal } = useErrorReveal<HTMLDivElement>();

  const unmatched = unmatchedSeals(recorded, seals);
  const missing = seals.some((seal) => seal.trim() !== "") ? missingSeals(recorded, seals) : [];

  /** The body for a decision, or null with the errors shown. */
  const build = (decision: ReceptionDecision): ReceptionInput | null => {
    const found: Errors = {};
    const degrees = temperature.trim() === "" ? null : Number(temperature.replace(",", "."));
    if (
      degrees !== null &&
      (!Number.isFinite(degrees) || degrees < TEMPERATURE_C.min || degrees > TEMPERATURE_C.max)
    ) {
      found.temperature = "temperatureInvalid";
    }
    const chosen = decision === "accept" ? [] : reasons;
    if (decision !== "accept") {
      if (chosen.length === 0) found.reasons = "rejectionReasonRequired";
      if (chosen.includes("other") && note.trim() === "") found.note = "rejectionNoteRequired";
      else if (decision === "consent" && note.trim() === "")
        found.note = t("lab.reception.consentNoteRequired");
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      reveal();
      return null;
    }
    const read = seals.map((seal) => seal.trim()).filter((seal) => seal !== "");
    return {
      decision,
      reasons: chosen,
      note: note.trim() === "" ? null : note.trim(),
      ...(read.length > 0 ? { seals: read } : {}),
      ...(sealIntact === "" ? {} : { sealIntact: sealIntact === "yes" }),
      temperatureC: degrees,
    };
  };

  const decide = (decision: ReceptionDecision) => {
    const input = build(decision);
    if (!input) return;
    if (decision === "reject") setRejecting(input);
    else void onDecide(input).catch(() => undefined);
  };

  const toggle = (reason: RejectionReason, on: boolean) => {
    setErrors(({ reasons: _reasons, ...rest }) => rest);
    setReasons((current) => (on ? [...current, reason] : current.filter((entry) => entry !== reason)));
  };

  return (
    <div ref={formRef} className="space-y-4">
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t("lab.reception.sealsRead")}</legend>
        <p className="text-xs break-words text-slate-600">
          {recorded.length > 0
            ? t("lab.reception.sealsRecorded", { seals: recorded.join(", ") })
            : t("lab.reception.noSealsRecorded")}
        </p>
        <ul className="space-y-2">
          {seals.map((seal, index) => {
            const inputId = `${id}-seal-${index}`;
            const off = unmatched.has(index);
            return (
              <li key={index}>
                <Field id={inputId} label={t("lab.reception.seal", { number: index + 1 })}>
                  <Input
                    id={inputId}
                    value={seal}
                    maxLength={SEAL_MAX}
                    autoComplete="off"
                    className={cn("min-h-11 max-w-xs", off && "border-amber-600 bg-amber-50")}
                    aria-describedby={off ? `${inputId}-off` : undefined}
                    onChange={(event) => {
                      const value = event.target.value;
                      setSeals((current) => current.map((entry, at) => (at === index ? value : entry)));
                    }}
                  />
                  {off ? (
                    <p id={`${inputId}-off`} className="text-xs font-semibold text-amber-900">
                      {t("lab.reception.sealNotRecorded")}
                    </p>
                  ) : null}
                </Field>
              </li>
            );
          })}
        </ul>
        {missing.length > 0 ? (
          <p className="text-sm font-semibold break-words text-amber-900">
            {t("lab.reception.sealsMissing", { seals: missing.join(", ") })}
          </p>
        ) : null}
        {seals.length < SEALS_MAX ? (
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            onClick={() => setSeals((current) => [...current, ""])}
          >
            {t("lab.reception.addSeal")}
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t("lab.reception.sealIntact")}</legend>
        <div className="flex flex-wrap gap-4">
          {INTACT_CHOICES.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-intact`}
                value={value}
                checked={sealIntact === value}
                onChange={() => setSealIntact(value)}
                className="h-5 w-5 accent-teal-700"
              />
              {value === "yes" ? t("lab.reception.intactYes") : t("lab.reception.intactNo")}
            </label>
          ))}
        </div>
      </fieldset>

      <Field
        id={`${id}-temperature`}
        label={t("lab.reception.temperature")}
        hint={t("lab.reception.temperatureHint")}
        error={errors.temperature}
      >
        <Input
          id={`${id}-temperature`}
          inputMode="decimal"
          value={temperature}
          invalid={Boolean(errors.temperature)}
          aria-describedby={describedBy(`${id}-temperature`, errors.temperature, true)}
          className="min-h-11 max-w-32"
          onChange={(event) => {
            setTemperature(event.target.value);
            setErrors(({ temperature: _temperature, ...rest }) => rest);
          }}
        />
      </Field>

      <fieldset
        className="min-w-0 space-y-1"
        aria-describedby={errors.reasons ? `${id}-reasons-error` : `${id}-reasons-hint`}
      >
        <legend className="text-sm font-semibold text-slate-900">{t("lab.reception.reasons")}</legend>
        <p id={`${id}-reasons-hint`} className="text-xs text-slate-600">
          {t("lab.reception.reasonsHint")}
        </p>
        {REJECTION_REASONS.map((reason) => (
          <label key={reason} className="flex min-h-11 items-center gap-3 text-sm break-words text-slate-800">
            <input
              type="checkbox"
              checked={reasons.includes(reason)}
              aria-invalid={errors.reasons ? "true" : undefined}
              onChange={(event) => toggle(reason, event.target.checked)}
              className="h-5 w-5 shrink-0 rounded border-slate-400 accent-teal-700"
            />
            <span className="min-w-0">{t(`domain.rejectionReason.${reason}`)}</span>
          </label>
        ))}
        {errors.reasons ? (
          <p id={`${id}-reasons-error`} role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text={errors.reasons} />
          </p>
        ) : null}
      </fieldset>

      <Field
        id={`${id}-note`}
        label={t("lab.reception.note")}
        hint={t("lab.reception.noteHint")}
        error={errors.note}
      >
        <Textarea
          id={`${id}-note`}
          rows={3}
          value={note}
          maxLength={STATUS_NOTE_MAX}
          invalid={Boolean(errors.note)}
          aria-describedby={describedBy(`${id}-note`, errors.note, true)}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors(({ note: _note, ...rest }) => rest);
          }}
        />
      </Field>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          className="min-h-11"
          isLoading={busy}
          icon={<Check aria-hidden="true" className="h-4 w-4" />}
          onClick={() => decide("accept")}
        >
          {t("lab.reception.accept")}
        </Button>
        <Button
          variant="danger"
          className="min-h-11"
          disabled={busy}
          icon={<X aria-hidden="true" className="h-4 w-4" />}
          onClick={() => decide("reject")}
        >
          {t("lab.reception.reject")}
        </Button>
        <Button
          variant="outline"
          className="min-h-11"
          disabled={busy}
          icon={<ShieldCheck aria-hidden="true" className="h-4 w-4" />}
          onClick={() => decide("consent")}
        >
          {t("lab.reception.consent")}
        </Button>
      </div>

      <ConfirmAction
        open={rejecting !== null}
        title={t("lab.reception.rejectTitle", { id: lookup.sampleId })}
        confirmLabel={t("lab.reception.rejectConfirm")}
        action={() => (rejecting ? onDecide(rejecting) : Promise.resolve())}
        onClose={() => setRejecting(null)}
      >
        <p className="text-sm break-words text-slate-800">{t("lab.reception.rejectWarning")}</p>
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {(rejecting?.reasons ?? []).map((reason) => (
            <li key={reason}>{t(`domain.rejectionReason.${reason}`)}</li>
          ))}
        </ul>
      </ConfirmAction>
    </div>
  );
}
