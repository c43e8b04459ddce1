import { ArrowLeft, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";

import type { Farm } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { isApiError, shownOf } from "@/lib/api-client";
import { useMembership } from "@/lib/membership";
import { useT } from "@/lib/i18n/use-t";

import { useDeleteFarm } from "../api/delete-farm";
import { useFarm } from "../api/get-farm";
import { CaaBadge } from "./caa-badge";
import { FarmForm } from "./farm-form";
import { FarmMapLink } from "./map-link";
import { PondsSection } from "./ponds-section";

const backLink =
  "inline-flex min-h-11 items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline";

/** /farms/{id}: the farm's details, its ponds with their crops, and the crops' harvest lots. */
export function FarmPage({ farmId }: { farmId: number }) {
  const { t } = useT("farms");
  const query = useFarm(farmId);
  if (query.data) return <FarmDetails farm={query.data} />;
  if (query.isPending) return <LoadingState label={t("farms.farm.loading")} />;
  const notFound = isApiError(query.error) && query.error.status === 404;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Alert tone="error" message={notFound ? { key: "farmNotFound" } : shownOf(query.error)} />
      <div className="flex flex-wrap gap-2">
        {notFound ? null : (
          <Button
            variant="outline"
            onClick={() => void query.refetch()}
            icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
          >
            {t("farms.tryAgain")}
          </Button>
        )}
        <Link to={paths.farms.href()} className={backLink}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t("farms.farm.back")}
        </Link>
      </div>
    </div>
  );
}

function FarmDetails({ farm }: { farm: Farm }) {
  const { t, date, number } = useT("farms");
  const writes = useMembership()?.writesSamples ?? true;
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteFarm();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const place = [farm.village, farm.mandal, farm.district, farm.state].filter(Boolean).join(", ");
  const rows: [string, string | null][] = [
    [t("farms.field.mpedaEnrolment"), farm.mpedaEnrolment],
    [t("farms.field.caaRegistration"), farm.caaRegistration],
    [t("farms.field.caaExpiresOn"), farm.caaExpiresOn === null ? null : date(farm.caaExpiresOn, "date")],
    [t("farms.field.stateLicence"), farm.stateLicence],
    [t("farms.field.surveyNumbers"), farm.surveyNumbers],
    [t("farms.field.areaHa"), farm.areaHa === null ? null : number(farm.areaHa)],
    [t("farms.field.place"), place || null],
  ];

  const deleteFarm = async () => {
    await remove.mutateAsync(farm.id);
    toast.success(t("farms.farm.deleted", { name: farm.name }));
    void navigate(paths.farms.href(), { replace: true });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to={paths.farms.href()} className={backLink}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t("farms.farm.back")}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">{farm.name}</h1>
          <CaaBadge status={farm.caaStatus} />
        </div>
        {writes && !editing ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => setEditing(true)}
              icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
            >
              {t("farms.farm.edit")}
            </Button>
            <Button
              variant="outline"
              onClick={() => setDeleting(true)}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            >
              {t("farms.farm.delete")}
            </Button>
          </div>
        ) : null}
      </div>

      {farm.caaStatus === "expired" || farm.caaStatus === "expiring" ? (
        <Alert tone={farm.caaStatus === "expired" ? "error" : "warning"}>
          {farm.caaStatus === "expired"
            ? t("farms.farm.caaExpiredWarning", { date: date(farm.caaExpiresOn ?? "", "date") })
            : t("farms.farm.caaExpiringWarning", { date: date(farm.caaExpiresOn ?? "", "date") })}
        </Alert>
      ) : null}

      {editing ? (
        <FarmForm farm={farm} onDone={() => setEditing(false)} />
      ) : (
        <Card>
          <CardBody className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">{t("farms.farm.details")}</h2>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {rows.map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="[overflow-wrap:anywhere] text-slate-900">{value ?? "—"}</dd>
                </div>
              ))}
            </dl>
            {farm.lat !== null && farm.lng !== null ? (
              <FarmMapLink lat={farm.lat} lng={farm.lng} place={farm.name} />
            ) : null}
          </CardBody>
        </Card>
      )}

      <PondsSection farm={farm} writes={writes} />

      <ConfirmAction
        open={deleting}
        title={t("farms.farm.deleteTitle")}
        confirmLabel={t("farms.farm.delete")}
        action={deleteFarm}
        onClose={() => setDeleting(false)}
      >
        <p>{t("farms.farm.deleteQuestion", { name: farm.name })}</p>
      </ConfirmAction>
    </div>
  );
}
