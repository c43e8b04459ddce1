import { useId, useMemo, useState } from "react";

import { displayLimit, type ParameterVerdict, type Report, type Trend } from "@lab/contracts";

import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, Select } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMarkets } from "@/lib/api/get-markets";
import { useProviders } from "@/lib/api/get-providers";
import { formatDate } from "@/utils/dates";

import { useTrend } from "../api/get-trend";
import { CHART, layout, plottable } from "../utils/trend-chart";

/** The parameters the customer's reports carry, by code, in the order first seen. */
function reportParameters(reports: readonly Report[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const report of reports)
    for (const line of report.parameters) if (!seen.has(line.code)) seen.set(line.code, line.name);
  return [...seen].map(([code, name]) => ({ code, name }));
}

export function pointVerdictText(verdict: ParameterVerdict, market: string | null): string {
  const limit = market ? `${market} limit` : "its limits";
  switch (verdict) {
    case "pass":
      return `✓ Within ${limit}`;
    case "fail":
      return `✗ Outside ${limit}`;
    case "no_limit":
      return market ? `No ${market} limit` : "No limit";
    case "pending":
      return "… Pending";
  }
}

/**
 * One parameter across a farm's or pond's reports, with the chosen market's limit line: a small SVG
 * (no chart library: the bundle budget), its summary for screen readers and the values as a table.
 */
export function ResultsTrend({ reports, customerId }: { reports: readonly Report[]; customerId: number }) {
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
          <h2 className="text-lg font-semibold text-slate-900">Results Over Time</h2>
          <p className="text-sm text-slate-700">
            Follow one parameter across a farm&apos;s or pond&apos;s reports, against a market&apos;s limit.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="trend-provider" label="Farm or pond">
            <Select
              id="trend-provider"
              value={providerId}
              onChange={(event) => setProviderId(event.target.value)}
            >
              <option value="">{providers.isPending ? "Loading..." : "Choose a provider"}</option>
              {(providers.data ?? []).map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {provider.samplerName}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="trend-parameter" label="Parameter">
            <Select
              id="trend-parameter"
              value={chosenParameter}
              onChange={(event) => setParameter(event.target.value)}
            >
              {parameters.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="trend-market" label="Limit of market">
            <Select id="trend-market" value={market} onChange={(event) => setMarket(event.target.value)}>
              <option value="">None (no limit line)</option>
              {(markets.data ?? []).map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.code} · {entry.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {providers.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {providers.error.message}
          </p>
        ) : null}
        {query === null ? (
          <p className="text-sm text-slate-700">Choose a farm or pond to see its results over time.</p>
        ) : trend.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {trend.error.message}
          </p>
        ) : trend.data ? (
          <TrendView trend={trend.data} providerName={providerName(providers.data, query.providerId)} />
        ) : (
          <p className="text-sm text-slate-700">Loading results...</p>
        )}
      </CardBody>
    </Card>
  );
}

const providerName = (providers: readonly { id: number; samplerName: string }[] | undefined, id: number) =>
  providers?.find((provider) => provider.id === id)?.samplerName ?? `provider #${id}`;

/** "Chloramphenicol at Lakshmi Farms: 4 results from … to …, latest 0.2 µg/kg; 1 outside the EU limit < 0.15." */
export function trendSummary(trend: Trend, providerName: string): string {
  const { parameter, points } = trend;
  if (points.length === 0) return `No certified results of ${parameter.name} at ${providerName} yet.`;
  const first = points[0];
  const last = points[points.length - 1];
  const unit = parameter.unit ? ` ${parameter.unit}` : "";
  const outside = points.filter((point) => point.verdict === "fail").length;
  const limit = trend.market
    ? trend.limit
      ? `the ${trend.market} limit ${displayLimit(trend.limit)}`
      : `the ${trend.market} limits (none set for it)`
    : "their markets' limits";
  const span =
    first && last && points.length > 1
      ? `${points.length} results from ${formatDate(first.at)} to ${formatDate(last.at)}`
      : `1 result on ${formatDate(last?.at ?? "")}`;
  return `${parameter.name} at ${providerName}: ${span}, latest ${last?.display ?? ""}${
    last?.value !== null ? unit : ""
  }; ${outside} outside ${limit}.`;
}

function TrendView({ trend, providerName }: { trend: Trend; providerName: string }) {
  const titleId = useId();
  const descId = useId();
  const summary = trendSummary(trend, providerName);
  if (trend.points.length === 0) return <p className="text-sm text-slate-700">{summary}</p>;
  const unit = trend.parameter.unit ?? "";
  return (
    <div className="space-y-3">
      {plottable(trend) ? (
        <TrendChart trend={trend} titleId={titleId} descId={descId} summary={summary} />
      ) : (
        <p className="text-sm text-slate-700">
          {summary} This parameter has no numeric scale: the results are listed below.
        </p>
      )}
      <Table label={`${trend.parameter.name} results by date`} size="sm" tableClassName="w-full">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Result{unit ? ` (${unit})` : ""}</TableHead>
            <TableHead>Verdict</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {trend.points.map((point) => (
            <TableRow key={point.reportId}>
              <TableCell className="whitespace-nowrap text-slate-800">{formatDate(point.at)}</TableCell>
              <TableCell className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                {point.display}
              </TableCell>
              <TableCell
                className={cn(
                  "text-xs font-semibold",
                  point.verdict === "fail"
                    ? "text-red-800"
                    : point.verdict === "pass"
                      ? "text-green-800"
                      : "text-slate-700",
                )}
              >
                {pointVerdictText(point.verdict, trend.market)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function TrendChart({
  trend,
  titleId,
  descId,
  summary,
}: {
  trend: Trend;
  titleId: string;
  descId: string;
  summary: string;
}) {
  const { points, lines, top } = layout(trend);
  const first = trend.points[0];
  const last = trend.points[trend.points.length - 1];
  const bottom = CHART.height - CHART.bottom;
  const right = CHART.width - CHART.right;
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full max-w-xl text-slate-700"
        data-testid="trend-chart"
      >
        <title id={titleId}>
          {trend.parameter.name}
          {trend.market ? ` against the ${trend.market} limit` : ""}
        </title>
        <desc id={descId}>{summary}</desc>
        {/* Axes, the top and zero of the scale */}
        <line
          x1={CHART.left}
          y1={CHART.top}
          x2={CHART.left}
          y2={bottom}
          stroke="currentColor"
          strokeWidth="1"
        />
        <line x1={CHART.left} y1={bottom} x2={right} y2={bottom} stroke="currentColor" strokeWidth="1" />
        <text x={CHART.left - 4} y={CHART.top + 4} textAnchor="end" fontSize="11" fill="currentColor">
          {top}
        </text>
        <text x={CHART.left - 4} y={bottom} textAnchor="end" fontSize="11" fill="currentColor">
          0
        </text>
        {first ? (
          <text x={CHART.left} y={CHART.height - 10} fontSize="11" fill="currentColor">
            {formatDate(first.at)}
          </text>
        ) : null}
        {last && trend.points.length > 1 ? (
          <text x={right} y={CHART.height - 10} textAnchor="end" fontSize="11" fill="currentColor">
            {formatDate(last.at)}
          </text>
        ) : null}
        {lines.map((line) => (
          <g key={line.label} data-testid="limit-line">
            <line
              x1={CHART.left}
              y1={line.y}
              x2={right}
              y2={line.y}
              stroke="#b91c1c"
              strokeWidth="1.5"
              strokeDasharray="5 3"
            />
            <text x={right} y={line.y - 3} textAnchor="end" fontSize="11" fill="#991b1b">
              {trend.market} {line.label}
            </text>
          </g>
        ))}
        {points.length > 1 ? (
          <polyline
            points={points.map((point) => `${point.x},${point.y}`).join(" ")}
            fill="none"
            stroke="#0f766e"
            strokeWidth="1.5"
          />
        ) : null}
        {points.map((point, index) =>
          point.fail ? (
            // Outside the limit: a cross, not only a colour.
            <path
              key={trend.points[index]?.reportId ?? index}
              data-testid="trend-point"
              d={`M${point.x - 4},${point.y - 4} L${point.x + 4},${point.y + 4} M${point.x + 4},${point.y - 4} L${point.x - 4},${point.y + 4}`}
              stroke="#b91c1c"
              strokeWidth="2.5"
            />
          ) : (
            <circle
              key={trend.points[index]?.reportId ?? index}
              data-testid="trend-point"
              cx={point.x}
              cy={point.y}
              r="3.5"
              fill={point.measured ? "#0f766e" : "white"}
              stroke="#0f766e"
              strokeWidth="1.5"
            />
          ),
        )}
      </svg>
      <figcaption className="text-xs text-slate-600">
        ● within the limit · ✗ outside it · ○ not measurable (not detected or below LOQ)
        {lines.length > 0 ? ` · dashed line: ${trend.market ?? ""} limit` : ""}
      </figcaption>
    </figure>
  );
}
