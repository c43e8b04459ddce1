import { useMemo, useState } from "react";

import type { Report } from "@lab/contracts";

import { TrendView } from "@/components/reports/trend-view";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/input";
import { useMarkets } from "@/lib/api/get-markets";
import { useProviders } from "@/lib/api/get-providers";
import { ErrorText } from "@/components/reports/error-text";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { useTrend } from "../api/get-trend";

/** The parameters the customer's reports carry, by code, in the order first seen. */
function reportParameters(reports: readonly Report[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const report of reports)
    for (const line of report.parameters) if (!seen.has(line.code)) seen.set(line.code, line.name);
  return [...seen].map(([code, name]) => ({ code, name }));
}

/** One parameter across a provider's reports, with the chosen market's limit line. */
export function ResultsTrend({ reports, customerId }: { reports: readonly Report[]; customerId: number }) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  const parameters = useMemo(() => reportParameters(reports), [reports]);
  const providers = useProviders(customerId);
  const markets = useMarkets();
  const [providerId, setProviderId] = useState("");
  const [parameter, setParameter] = useState(parameters[0]?.code ?? "");
  const [market, setMarket] = useState("");
  const chosenParameter = parameter || (parameters[0]?.code ?? "");
  const query =
    providerId && chosenParameter
      ? { providerId: Number(providerId), parameter: chosenParameter, market: market || undefined }
      : null;
  const trend = useTrend(query);

  if (parameters.length === 0) return null;

  return (
    <Card>
      <CardBody className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold break-words text-slate-900">{t("reports.trend.title")}</h2>
          <p className="text-sm text-slate-700">{t("reports.trend.intro")}</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="trend-provider" label={t("reports.trend.provider")}>
            <Select
              id="trend-provider"
              value={providerId}
              onChange={(event) => setProviderId(event.target.value)}
            >
              <option value="">
                {providers.isPending ? t("reports.trend.loading") : t("reports.trend.chooseProvider")}
              </option>
              {(providers.data ?? []).map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {provider.samplerName}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="trend-parameter" label={t("reports.trend.parameter")}>
            <Select
              id="trend-parameter"
              value={chosenParameter}
              onChange={(event) => setParameter(event.target.value)}
            >
              {parameters.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {names.parameter(entry.code, entry.name)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="trend-market" label={t("reports.trend.market")}>
            <Select id="trend-market" value={market} onChange={(event) => setMarket(event.target.value)}>
              <option value="">{t("reports.trend.noMarket")}</option>
              {(markets.data ?? []).map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {t("reports.markets.option", {
                    code: entry.code,
                    name: names.market(entry.code, entry.name),
                  })}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {providers.isError ? (
          <p role="alert" className="text-sm text-red-800">
            <ErrorText error={providers.error} />
          </p>
        ) : null}
        {query === null ? (
          <p className="text-sm text-slate-700">{t("reports.trend.prompt")}</p>
        ) : trend.isError ? (
          <p role="alert" className="text-sm text-red-800">
            <ErrorText error={trend.error} />
          </p>
        ) : trend.data ? (
          <TrendView
            trend={trend.data}
            subject={
              providerName(providers.data, query.providerId) ??
              t("reports.trend.providerRef", { id: query.providerId })
            }
          />
        ) : (
          <p className="text-sm text-slate-700">{t("reports.trend.loadingResults")}</p>
        )}
      </CardBody>
    </Card>
  );
}

const providerName = (providers: readonly { id: number; samplerName: string }[] | undefined, id: number) =>
  providers?.find((provider) => provider.id === id)?.samplerName;
