import { Pencil, Plus, Save } from "lucide-react";
import { useState, type FormEvent } from "react";

import { displayLimit, type Market, type Panel, type Parameter } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorBanner } from "@/components/ui/form-errors";
import { Field, Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { useLabMarkets } from "@/lib/api/get-lab-markets";
import { useLabPanels } from "../api/get-lab-panels";
import { useLabParameters } from "@/lib/api/get-lab-parameters";
import { useUpdatePanel } from "../api/update-panel";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { panelCodes } from "../utils/spec-version-form";
import { hasRole } from "@/lib/lab-staff-roles";
import { AddMarketForm } from "./add-market-form";
import { ParametersSection } from "./parameters-section";
import { SpecVersionForm } from "./spec-version-form";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

/**
 * Markets with the limits in force, each test type's panel and the parameter catalogue; admins add
 * markets and versions, edit panels and parameters.
 */
export function MarketsPage() {
  const { t } = useT("lab");
  const admin = hasRole(useCurrentStaff(), "admin");
  const markets = useLabMarkets();
  const parameters = useLabParameters();
  const resultNames = useResultNames();
  const names = new Map(
    (parameters.data ?? []).map((parameter) => [
      parameter.code,
      resultNames.parameter(parameter.code, parameter.name),
    ]),
  );
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900">{t("lab.markets.title")}</h1>
        <p className="text-sm text-slate-700">
          {t("lab.markets.intro")} {admin ? t("lab.markets.introAdmin") : t("lab.markets.introOthers")}
        </p>
      </div>

      <section aria-labelledby="markets-title" className="space-y-3">
        <h2 id="markets-title" className="text-lg font-semibold text-slate-900">
          {t("lab.markets.heading")}
        </h2>
        {admin ? <AddMarketForm /> : null}
        {markets.isError ? (
          <Alert tone="error" message={markets.error.message} />
        ) : markets.isPending ? (
          <LoadingState label={t("lab.markets.loading")} />
        ) : (
          <ul className="space-y-3">
            {markets.data.map((market) => (
              <MarketCard
                key={market.code}
                market={market}
                names={names}
                parameters={parameters.data ?? []}
                admin={admin}
              />
            ))}
          </ul>
        )}
      </section>

      <PanelsSection admin={admin} names={names} />

      <ParametersSection admin={admin} />
    </div>
  );
}

function MarketCard({
  market,
  names,
  parameters,
  admin,
}: {
  market: Market;
  names: ReadonlyMap<string, string>;
  parameters: readonly Parameter[];
  admin: boolean;
}) {
  const { t, date } = useT("lab");
  const resultNames = useResultNames();
  const [editing, setEditing] = useState(false);
  const current = market.current;
  const marketName = resultNames.market(market.code, market.name);
  return (
    <li aria-label={`${market.code} ${marketName}`}>
      <Card>
        <CardBody className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold break-words text-slate-900">
                {market.code} · {marketName}
              </h3>
              <p className="text-xs break-words text-slate-600">
                {market.customerId !== null
                  ? `${t("lab.markets.buyerOwn", { id: market.customerId })} · `
                  : ""}
                {current
                  ? [
                      t("lab.markets.version", {
                        version: current.version,
                        date: date(current.effectiveFrom, "date"),
                      }),
                      current.used ? t("lab.markets.usedByReports") : null,
                      current.reference,
                    ]
                      .filter(Boolean)
                      .join(" · ")
                  : t("lab.markets.noVersion")}
              </p>
            </div>
            {admin && !editing ? (
              <Button
                variant="outline"
                size="sm"
                icon={<Plus aria-hidden="true" className="h-4 w-4" />}
                onClick={() => setEditing(true)}
              >
                {t("lab.markets.newVersion")}
              </Button>
            ) : null}
          </div>
          {current && Object.keys(current.limits).length > 0 ? (
            <ul
              aria-label={t("lab.markets.limitsOf", { code: market.code })}
              className="divide-y divide-slate-100 text-sm"
            >
              {Object.entries(current.limits).map(([code, limit]) => (
                <li key={code} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <span className="min-w-0 break-words text-slate-900">
                    {names.get(code) ?? code} <span className="text-xs text-slate-600">{code}</span>
                  </span>
                  <span className="min-w-0 text-right break-words text-slate-800">
                    <span className="font-medium">{resultNames.limitText(displayLimit(limit))}</span>{" "}
                    <span className="text-xs text-slate-600">({limit.reference})</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">{t("lab.markets.noLimits")}</p>
          )}
          {editing ? (
            <SpecVersionForm market={market} parameters={parameters} onDone={() => setEditing(false)} />
          ) : null}
        </CardBody>
      </Card>
    </li>
  );
}

function PanelsSection({ admin, names }: { admin: boolean; names: ReadonlyMap<string, string> }) {
  const { t } = useT("lab");
  const panels = useLabPanels();
  return (
    <section aria-labelledby="panels-title" className="space-y-3">
      <h2 id="panels-title" className="text-lg font-semibold text-slate-900">
        {t("lab.panels.heading")}
      </h2>
      {panels.isError ? (
        <Alert tone="error" message={panels.error.message} />
      ) : panels.isPending ? (
        <LoadingState label={t("lab.panels.loading")} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {panels.data.map((panel) => (
            <PanelCard key={panel.testType} panel={panel} admin={admin} names={names} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PanelCard({
  panel,
  admin,
  names,
}: {
  panel: Panel;
  admin: boolean;
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useT("lab");
  const domain = useDomainNames();
  const testType = domain.testType(panel.testType);
  const update = useUpdatePanel();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [codes, setCodes] = useState("");
  const [error, setError] = useState<Shown | null>(null);
  const id = `panel-${panel.testType.replace(/[^A-Za-z0-9]+/g, "-")}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parameters = panelCodes(codes);
    if (parameters.length === 0) {
      setError(t("lab.panels.needOne"));
      return;
    }
    const unknown = names.size > 0 ? parameters.filter((code) => !names.has(code)) : [];
    if (unknown.length > 0) {
      setError(t("lab.panels.unknown", { codes: unknown.join(", ") }));
      return;
    }
    setError(null);
    update.mutate(
      { testType: panel.testType, parameters },
      {
        onSuccess: () => {
          toast.success(t("lab.panels.saved", { testType }));
          setEditing(false);
        },
        onError: (failure) => setError(shownOf(failure)),
      },
    );
  };

  return (
    <li aria-label={testType} className="min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{testType}</h3>
        {admin && !editing ? (
          <Button
            variant="outline"
            size="sm"
            icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
            onClick={() => {
              setCodes(panel.parameters.map((parameter) => parameter.code).join(", "));
              setEditing(true);
            }}
          >
            {t("lab.panels.edit")}
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-1.5">
        {panel.parameters.map((parameter) => (
          <li
            key={parameter.code}
            className="max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 text-xs break-words text-slate-800"
          >
            {names.get(parameter.code) ?? parameter.name} ({parameter.code})
          </li>
        ))}
      </ul>
      {editing ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={t("lab.panels.editLabel", { testType })}
          className="space-y-2"
        >
          <ErrorBanner message={error} />
          <Field id={`${id}-codes`} label={t("lab.panels.codes")} hint={t("lab.panels.codesHint")}>
            <Input
              id={`${id}-codes`}
              className="min-h-11"
              autoCapitalize="characters"
              aria-describedby={`${id}-codes-hint`}
              value={codes}
              onChange={(event) => setCodes(event.target.value)}
            />
          </Field>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              type="submit"
              isLoading={update.isPending}
              icon={<Save aria-hidden="true" className="h-4 w-4" />}
            >
              {t("lab.panels.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
