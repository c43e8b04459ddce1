import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { labSettingsUpdateSchema, SCREENING_VALID_DAYS, type LabSettings } from "@lab/contracts";

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

/**
 * How long a passed pre-harvest screening clears the harvest, counted from the day of sampling: every
 * staff member reads it and its history; an admin changes it.
 */
export function ScreeningValidity() {
  const { t } = useT("lab");
  const settings = useLabSettings();
  const me = useCurrentStaff();
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t("lab.settings.screeningTitle")}</h2>
        {settings.isError ? (
          <Alert tone="error" message={settings.error.message} />
        ) : settings.data ? (
          <>
            <p className="text-sm text-slate-800">
              {t("lab.settings.screeningInForce", { days: settings.data.screeningValidDays })}
            </p>
            {hasRole(me, "admin") ? (
              <DaysForm key={settings.data.screeningValidDays} settings={settings.data} />
            ) : null}
            <DaysHistory settings={settings.data} />
          </>
        ) : (
          <LoadingState label={t("common.loading")} />
        )}
      </CardBody>
    </Card>
  );
}

/** The admin's number of days, checked as the server checks it before it is sent. */
function DaysForm({ settings }: { settings: LabSettings }) {
  const { t } = useT("lab");
  const id = useId();
  const toast = useToast();
  const update = useUpdateLabSettings();
  const [days, setDays] = useState(String(settings.screeningValidDays));
  const [error, setError] = useState<Shown | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change = labSettingsUpdateSchema.safeParse({
      screeningValidDays: days.trim() === "" ? Number.NaN : Number(days),
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
    <form onSubmit={submit} noValidate aria-label={t("lab.settings.screeningTitle")} className="space-y-3">
      <Field
        id={id}
        label={t("lab.settings.screeningDays")}
        hint={t("lab.settings.screeningHint")}
        error={error ?? undefined}
      >
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={SCREENING_VALID_DAYS.min}
          max={SCREENING_VALID_DAYS.max}
          step={1}
          value={days}
          invalid={error !== null}
          aria-describedby={describedBy(id, error ?? undefined, true)}
          onChange={(event) => {
            setDays(event.target.value);
            setError(null);
          }}
          className="min-h-11 max-w-32"
        />
      </Field>
      <Button
        type="submit"
        className="min-h-11"
        isLoading={update.isPending}
        disabled={days === String(settings.screeningValidDays)}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {t("lab.settings.screeningSave")}
      </Button>
    </form>
  );
}

function DaysHistory({ settings }: { settings: LabSettings }) {
  const { t, date } = useT("lab");
  const headingId = useId();
  const changes = settings.history.flatMap((change) =>
    change.setting === "screeningValidDays" ? [change] : [],
  );
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t("lab.settings.screeningHistory")}
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-700">{t("lab.settings.screeningHistoryEmpty")}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {changes.map((change) => (
            <li key={change.id} className="break-words">
              {t("lab.settings.changedDays", {
                name: change.changedBy?.name ?? t("lab.settings.formerStaff"),
                days: change.value,
                date: date(change.changedAt, "dateTime"),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
