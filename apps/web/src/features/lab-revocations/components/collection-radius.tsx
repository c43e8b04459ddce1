import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { COLLECTION_RADIUS_M, labSettingsUpdateSchema, type LabSettings } from "@lab/contracts";

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
 * How far from the pond (or farm) a field agent may take a sample before they must say why: every
 * staff member reads it and its history; an admin changes it.
 */
export function CollectionRadius() {
  const { t, number } = useT("lab");
  const settings = useLabSettings();
  const me = useCurrentStaff();
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t("lab.settings.radiusTitle")}</h2>
        {settings.isError ? (
          <Alert tone="error" message={settings.error.message} />
        ) : settings.data ? (
          <>
            <p className="text-sm text-slate-800">
              {t("lab.settings.radiusInForce", { metres: number(settings.data.collectionRadiusM) })}
            </p>
            {hasRole(me, "admin") ? (
              <RadiusForm key={settings.data.collectionRadiusM} settings={settings.data} />
            ) : null}
            <RadiusHistory settings={settings.data} />
          </>
        ) : (
          <LoadingState label={t("common.loading")} />
        )}
      </CardBody>
    </Card>
  );
}

/** The admin's number of metres, checked as the server checks it before it is sent. */
function RadiusForm({ settings }: { settings: LabSettings }) {
  const { t } = useT("lab");
  const id = useId();
  const toast = useToast();
  const update = useUpdateLabSettings();
  const [metres, setMetres] = useState(String(settings.collectionRadiusM));
  const [error, setError] = useState<Shown | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change = labSettingsUpdateSchema.safeParse({
      collectionRadiusM: metres.trim() === "" ? Number.NaN : Number(metres),
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
    <form onSubmit={submit} noValidate aria-label={t("lab.settings.radiusTitle")} className="space-y-3">
      <Field
        id={id}
        label={t("lab.settings.radiusMetres")}
        hint={t("lab.settings.radiusHint")}
        error={error ?? undefined}
      >
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={COLLECTION_RADIUS_M.min}
          max={COLLECTION_RADIUS_M.max}
          step={1}
          value={metres}
          invalid={error !== null}
          aria-describedby={describedBy(id, error ?? undefined, true)}
          onChange={(event) => {
            setMetres(event.target.value);
            setError(null);
          }}
          className="min-h-11 max-w-36"
        />
      </Field>
      <Button
        type="submit"
        className="min-h-11"
        isLoading={update.isPending}
        disabled={metres === String(settings.collectionRadiusM)}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {t("lab.settings.radiusSave")}
      </Button>
    </form>
  );
}

function RadiusHistory({ settings }: { settings: LabSettings }) {
  const { t, date, number } = useT("lab");
  const headingId = useId();
  const changes = settings.history.flatMap((change) =>
    change.setting === "collectionRadiusM" ? [change] : [],
  );
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t("lab.settings.radiusHistory")}
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-700">{t("lab.settings.radiusHistoryEmpty")}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {changes.map((change) => (
            <li key={change.id} className="break-words">
              {t("lab.settings.changedRadius", {
                name: change.changedBy?.name ?? t("lab.settings.formerStaff"),
                metres: number(change.value),
                date: date(change.changedAt, "dateTime"),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
