import { Plus, RefreshCw, X } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";

import type { Farm } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useMembership } from "@/lib/membership";
import { useT } from "@/lib/i18n/use-t";

import { useFarms } from "../api/get-farms";
import { CaaBadge } from "./caa-badge";
import { FarmForm } from "./farm-form";
import { FarmMapLink } from "./map-link";

export const placeOf = (farm: Pick<Farm, "village" | "mandal" | "district" | "state">): string =>
  [farm.village, farm.district].filter(Boolean).join(", ");

const nameLink = "font-semibold text-teal-800 underline-offset-2 hover:underline [overflow-wrap:anywhere]";

/** /farms: the organisation's farms, with their registrations, CAA status and ponds. */
export function FarmsPage() {
  const { t, number } = useT("farms");
  const writes = useMembership()?.writesSamples ?? true;
  const navigate = useNavigate();
  const query = useFarms();
  const [adding, setAdding] = useState(false);
  const farms = query.data ?? [];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{t("farms.list.title")}</h1>
          <p className="text-sm text-slate-700">{t("farms.list.intro")}</p>
        </div>
        {writes ? (
          <Button
            variant={adding ? "outline" : "primary"}
            className="w-full shrink-0 sm:w-auto"
            onClick={() => setAdding((open) => !open)}
            icon={
              adding ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Plus aria-hidden="true" className="h-4 w-4" />
              )
            }
          >
            {adding ? t("common.cancel") : t("farms.list.add")}
          </Button>
        ) : null}
      </div>

      {adding ? (
        <FarmForm
          farm={null}
          onDone={(farm) => {
            setAdding(false);
            if (farm) void navigate(paths.farm.href(farm.id));
          }}
        />
      ) : null}

      <section className="min-w-0">
        {query.isPending ? (
          <LoadingState label={t("farms.list.loading")} />
        ) : query.isError ? (
          <div className="space-y-3">
            <Alert tone="error" message={{ key: "serverError" }} />
            <Button
              variant="outline"
              size="sm"
              isLoading={query.isFetching}
              onClick={() => void query.refetch()}
              icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
            >
              {t("farms.tryAgain")}
            </Button>
          </div>
        ) : farms.length === 0 ? (
          <Card>
            <CardBody>
              <p className="py-6 text-center text-sm text-slate-700">{t("farms.list.empty")}</p>
            </CardBody>
          </Card>
        ) : (
          <>
            {/* A phone reads one card per farm; from 640 px, a table. */}
            <ul className="space-y-3 sm:hidden">
              {farms.map((farm) => (
                <li key={farm.id}>
                  <Card>
                    <CardBody className="space-y-2">
                      <Link to={paths.farm.href(farm.id)} className={`${nameLink} block text-lg`}>
                        {farm.name}
                      </Link>
                      {placeOf(farm) ? (
                        <p className="text-sm [overflow-wrap:anywhere] text-slate-700">{placeOf(farm)}</p>
                      ) : null}
                      <CaaBadge status={farm.caaStatus} />
                      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                        <dt className="text-slate-600">{t("farms.field.mpedaEnrolment")}</dt>
                        <dd className="[overflow-wrap:anywhere] text-slate-900">
                          {farm.mpedaEnrolment ?? "—"}
                        </dd>
                        <dt className="text-slate-600">{t("farms.field.caaRegistration")}</dt>
                        <dd className="[overflow-wrap:anywhere] text-slate-900">
                          {farm.caaRegistration ?? "—"}
                        </dd>
                        <dt className="text-slate-600">{t("farms.list.ponds")}</dt>
                        <dd className="text-slate-900">{number(farm.pondCount)}</dd>
                      </dl>
                      {farm.lat !== null && farm.lng !== null ? (
                        <FarmMapLink lat={farm.lat} lng={farm.lng} place={farm.name} />
                      ) : null}
                    </CardBody>
                  </Card>
                </li>
              ))}
            </ul>
            <Table label={t("farms.list.title")} className="hidden sm:block">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("farms.list.farm")}</TableHead>
                  <TableHead>{t("farms.field.mpedaEnrolment")}</TableHead>
                  <TableHead>{t("farms.field.caaRegistration")}</TableHead>
                  <TableHead>{t("farms.list.caaStatus")}</TableHead>
                  <TableHead className="text-right">{t("farms.list.ponds")}</TableHead>
                  <TableHead>{t("farms.list.map")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {farms.map((farm) => (
                  <TableRow key={farm.id}>
                    <TableCell className="max-w-64">
                      <Link to={paths.farm.href(farm.id)} className={nameLink}>
                        {farm.name}
                      </Link>
                      {placeOf(farm) ? (
                        <div className="text-xs [overflow-wrap:anywhere] text-slate-600">{placeOf(farm)}</div>
                      ) : null}
                    </TableCell>
                    <TableCell className="[overflow-wrap:anywhere]">{farm.mpedaEnrolment ?? "—"}</TableCell>
                    <TableCell className="[overflow-wrap:anywhere]">{farm.caaRegistration ?? "—"}</TableCell>
                    <TableCell>
                      <CaaBadge status={farm.caaStatus} />
                    </TableCell>
                    <TableCell className="text-right">{number(farm.pondCount)}</TableCell>
                    <TableCell>
                      {farm.lat !== null && farm.lng !== null ? (
                        <FarmMapLink lat={farm.lat} lng={farm.lng} place={farm.name} />
                      ) : (
                        "—"
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </section>
    </div>
  );
}
