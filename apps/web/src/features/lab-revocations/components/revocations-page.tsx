import { Save, TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";

import type { LabSettings } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

import { useLabSettings } from "../api/get-lab-settings";
import { useRevocations } from "../api/get-revocations";
import { useUpdateLabSettings } from "../api/update-lab-settings";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { hasRole } from "@/lib/lab-staff-roles";
import { RevocationRequests } from "./revocation-requests";
import { CollectionRadius } from "./collection-radius";
import { ScreeningValidity } from "./screening-validity";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

const errorText = (error: unknown) => shownOf(error);

/**
 * Revocations: every open request waiting for a second reviewer or admin, and the lab's settings with
 * their history (an admin may change them): the revocation rule, how long a pre-harvest screening
 * stays valid, and how far from the pond a field agent may take a sample without saying why.
 */
export function RevocationsPage() {
  const { t } = useT("lab");
  const revocations = useRevocations();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{t("lab.revocations.title")}</h1>
        <p className="text-sm text-slate-700">{t("lab.revocations.intro")}</p>
      </div>
      <Card>
        <CardBody>
          {revocations.isError ? (
            <Alert tone="error" message={revocations.error.message} />
          ) : revocations.data ? (
            <RevocationRequests requests={revocations.data} linkToSample />
          ) : (
            <LoadingState label={t("common.loading")} />
          )}
        </CardBody>
      </Card>
      <RevocationRule />
      <ScreeningValidity />
      <CollectionRadius />
    </div>
  );
}

function RevocationRule() {
  const { t } = useT("lab");
  const settings = useLabSettings();
  const me = useCurrentStaff();
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t("lab.settings.title")}</h2>
        {settings.isError ? (
          <Alert tone="error" message={settings.error.message} />
        ) : settings.data ? (
          <>
            <p className="text-sm text-slate-800">
              {settings.data.onePersonRevocation
                ? t("lab.settings.onePersonOn")
                : t("lab.settings.twoPerson")}
            </p>
            {hasRole(me, "admin") ? (
              <RuleForm key={String(settings.data.onePersonRevocation)} settings={settings.data} />
            ) : null}
            <History settings={settings.data} />
          </>
        ) : (
          <LoadingState label={t("common.loading")} />
        )}
      </CardBody>
    </Card>
  );
}

/** The admin's checkbox, with what it costs said beside it. */
function RuleForm({ settings }: { settings: LabSettings }) {
  const { t } = useT("lab");
  const toast = useToast();
  const update = useUpdateLabSettings();
  const [onePerson, setOnePerson] = useState(settings.onePersonRevocation);
  const [error, setError] = useState<Shown | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    update.mutateAsync({ onePersonRevocation: onePerson }).then(
      () => toast.success(t("lab.settings.saved")),
      (failure: unknown) => setError(errorText(failure)),
    );
  };

  return (
    <form onSubmit={submit} aria-label={t("lab.settings.title")} className="space-y-3">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={onePerson}
          onChange={(event) => setOnePerson(event.target.checked)}
          aria-describedby="one-person-warning"
          className="h-5 w-5 shrink-0 rounded border-slate-400 accent-teal-700"
        />
        {t("lab.settings.onePerson")}
      </label>
      <p
        id="one-person-warning"
        className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm break-words text-amber-900"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span className="min-w-0">{t("lab.settings.warning")}</span>
      </p>
      {error ? <Alert tone="error" message={error} /> : null}
      <Button
        type="submit"
        className="min-h-11"
        isLoading={update.isPending}
        disabled={onePerson === settings.onePersonRevocation}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {t("lab.settings.save")}
      </Button>
    </form>
  );
}

function History({ settings }: { settings: LabSettings }) {
  const { t, date } = useT("lab");
  // The other settings' changes are listed beside those settings.
  const changes = settings.history.flatMap((change) =>
    change.setting === "onePersonRevocation" ? [change] : [],
  );
  return (
    <section aria-labelledby="settings-history" className="space-y-2">
      <h3 id="settings-history" className="text-sm font-semibold text-slate-900">
        {t("lab.settings.history")}
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-700">{t("lab.settings.historyEmpty")}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {changes.map((change) => {
            const values = {
              name: change.changedBy?.name ?? t("lab.settings.formerStaff"),
              date: date(change.changedAt, "dateTime"),
            };
            return (
              <li key={change.id} className="break-words">
                {change.value ? t("lab.settings.changedOn", values) : t("lab.settings.changedOff", values)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
