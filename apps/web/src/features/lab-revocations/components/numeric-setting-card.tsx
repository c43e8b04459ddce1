import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { labSettingsUpdateSchema, type LabSettings } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { describedBy, Field, Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { hasRole } from "@/lib/lab-staff-roles";

import { useLabSettings } from "../api/get-lab-settings";
import { useUpdateLabSettings } from "../api/update-lab-settings";

/** The lab's settings that are one whole number in a range. */
export type NumericSetting = "screeningValidDays" | "collectionRadiusM";

/** What a numeric setting's card says, in the reader's language. */
export interface NumericSettingWords {
  title: string;
  inForce: (value: number) => string;
  label: string;
  hint: string;
  save: string;
  history: string;
  historyEmpty: string;
  changed: (change: { name: string; value: number; date: string }) => string;
}

interface NumericSettingCardProps {
  setting: NumericSetting;
  range: { readonly min: number; readonly max: number };
  words: NumericSettingWords;
  /** The input's width: room for the range's longest number. */
  inputClassName: string;
}

/**
 * A numeric lab setting: every staff member reads it and its history; an admin changes it, checked as
 * the server checks it before it is sent.
 */
export function NumericSettingCard({ setting, range, words, inputClassName }: NumericSettingCardProps) {
  const { t } = useT("lab");
  const settings = useLabSettings();
  const me = useCurrentStaff();
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{words.title}</h2>
        {settings.isError ? (
          <Alert tone="error" message={settings.error.message} />
        ) : settings.data ? (
          <>
            <p className="text-sm text-slate-800">{words.inForce(settings.data[setting])}</p>
            {hasRole(me, "admin") ? (
              <SettingForm
                key={settings.data[setting]}
                current={settings.data[setting]}
                setting={setting}
                range={range}
                words={words}
                inputClassName={inputClassName}
              />
            ) : null}
            <SettingHistory settings={settings.data} setting={setting} words={words} />
          </>
        ) : (
          <LoadingState label={t("common.loading")} />
        )}
      </CardBody>
    </Card>
  );
}

function SettingForm({
  current,
  setting,
  range,
  words,
  inputClassName,
}: NumericSettingCardProps & { current: number }) {
  const { t } = useT("lab");
  const id = useId();
  const toast = useToast();
  const update = useUpdateLabSettings();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<Shown | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change = labSettingsUpdateSchema.safeParse({
      [setting]: value.trim() === "" ? Number.NaN : Number(value),
    });
    if (!change.success) {
      setError(change.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    update.mutateAsync(change.data).then(
      () => toast.success(t("lab.settings.saved")),
      (failure: unknown) => setError(shownOf(failure)),
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={words.title} className="space-y-3">
      <Field id={id} label={words.label} hint={words.hint} error={error ?? undefined}>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          value={value}
          invalid={error !== null}
          aria-describedby={describedBy(id, error ?? undefined, true)}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          className={`min-h-11 ${inputClassName}`}
        />
      </Field>
      <Button
        type="submit"
        className="min-h-11"
        isLoading={update.isPending}
        disabled={value === String(current)}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {words.save}
      </Button>
    </form>
  );
}

function SettingHistory({
  settings,
  setting,
  words,
}: {
  settings: LabSettings;
  setting: NumericSetting;
  words: NumericSettingWords;
}) {
  const { t, date } = useT("lab");
  const headingId = useId();
  const changes = settings.history.flatMap((change) => (change.setting === setting ? [change] : []));
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {words.history}
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-700">{words.historyEmpty}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {changes.map((change) => (
            <li key={change.id} className="break-words">
              {words.changed({
                name: change.changedBy?.name ?? t("lab.settings.formerStaff"),
                value: change.value,
                date: date(change.changedAt, "dateTime"),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
