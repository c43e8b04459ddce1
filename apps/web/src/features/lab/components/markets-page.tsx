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
import { formatDate } from "@/utils/dates";

import { useLabMarkets } from "../api/get-lab-markets";
import { useLabPanels } from "../api/get-lab-panels";
import { useLabParameters } from "../api/get-lab-parameters";
import { useUpdatePanel } from "../api/update-panel";
import { useCurrentStaff } from "../hooks/use-current-staff";
import { panelCodes } from "../utils/spec-version-form";
import { hasRole } from "../utils/staff-roles";
import { AddMarketForm } from "./add-market-form";
import { ParametersSection } from "./parameters-section";
import { SpecVersionForm } from "./spec-version-form";

/**
 * Markets with the limits in force, each test type's panel and the parameter catalogue; admins add
 * markets and versions, edit panels and parameters.
 */
export function MarketsPage() {
  const admin = hasRole(useCurrentStaff(), "admin");
  const markets = useLabMarkets();
  const parameters = useLabParameters();
  const names = new Map((parameters.data ?? []).map((parameter) => [parameter.code, parameter.name]));
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Markets, Panels and Parameters</h1>
        <p className="text-sm text-slate-700">
          The limits each market sets, with their legal reference, and the parameters each test type measures.
          {admin ? " A version that judged a report never changes: add a new one." : " Admins edit them."}
        </p>
      </div>

      <section aria-labelledby="markets-title" className="space-y-3">
        <h2 id="markets-title" className="text-lg font-semibold text-slate-900">
          Markets
        </h2>
        {admin ? <AddMarketForm /> : null}
        {markets.isError ? (
          <Alert tone="error">{markets.error.message}</Alert>
        ) : markets.isPending ? (
          <LoadingState label="Loading markets..." />
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
  const [editing, setEditing] = useState(false);
  const current = market.current;
  return (
    <li aria-label={`${market.code} ${market.name}`}>
      <Card>
        <CardBody className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold break-words text-slate-900">
                {market.code} · {market.name}
              </h3>
              <p className="text-xs break-words text-slate-600">
                {market.customerId !== null
                  ? `Buyer's own specification (customer #${market.customerId}) · `
                  : ""}
                {current
                  ? `Version ${current.version}, in effect from ${formatDate(current.effectiveFrom)}${current.used ? " · used by reports" : ""} · ${current.reference}`
                  : "No version in effect"}
              </p>
            </div>
            {admin && !editing ? (
              <Button
                variant="outline"
                size="sm"
                icon={<Plus aria-hidden="true" className="h-4 w-4" />}
                onClick={() => setEditing(true)}
              >
                New Version
              </Button>
            ) : null}
          </div>
          {current && Object.keys(current.limits).length > 0 ? (
            <ul aria-label={`Limits of ${market.code}`} className="divide-y divide-slate-100 text-sm">
              {Object.entries(current.limits).map(([code, limit]) => (
                <li key={code} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <span className="min-w-0 break-words text-slate-900">
                    {names.get(code) ?? code} <span className="text-xs text-slate-600">{code}</span>
                  </span>
                  <span className="min-w-0 text-right break-words text-slate-800">
                    <span className="font-medium">{displayLimit(limit)}</span>{" "}
                    <span className="text-xs text-slate-600">({limit.reference})</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">This market sets no limits yet.</p>
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
  const panels = useLabPanels();
  return (
    <section aria-labelledby="panels-title" className="space-y-3">
      <h2 id="panels-title" className="text-lg font-semibold text-slate-900">
        Panels
      </h2>
      {panels.isError ? (
        <Alert tone="error">{panels.error.message}</Alert>
      ) : panels.isPending ? (
        <LoadingState label="Loading panels..." />
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
  const update = useUpdatePanel();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [codes, setCodes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = `panel-${panel.testType.replace(/[^A-Za-z0-9]+/g, "-")}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parameters = panelCodes(codes);
    if (parameters.length === 0) {
      setError("List at least one parameter code");
      return;
    }
    const unknown = names.size > 0 ? parameters.filter((code) => !names.has(code)) : [];
    if (unknown.length > 0) {
      setError(`Unknown parameter: ${unknown.join(", ")}`);
      return;
    }
    setError(null);
    update.mutate(
      { testType: panel.testType, parameters },
      {
        onSuccess: () => {
          toast.success(`Panel of ${panel.testType} saved`);
          setEditing(false);
        },
        onError: (failure) => setError(failure instanceof Error ? failure.message : String(failure)),
      },
    );
  };

  return (
    <li
      aria-label={panel.testType}
      className="min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{panel.testType}</h3>
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
            Edit Panel
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-1.5">
        {panel.parameters.map((parameter) => (
          <li
            key={parameter.code}
            className="max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 text-xs break-words text-slate-800"
          >
            {parameter.name} ({parameter.code})
          </li>
        ))}
      </ul>
      {editing ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={`Edit panel of ${panel.testType}`}
          className="space-y-2"
        >
          <ErrorBanner message={error} />
          <Field id={`${id}-codes`} label="Parameter codes, in order" hint="Separate them with commas.">
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
              Cancel
            </Button>
            <Button
              type="submit"
              isLoading={update.isPending}
              icon={<Save aria-hidden="true" className="h-4 w-4" />}
            >
              Save Panel
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
