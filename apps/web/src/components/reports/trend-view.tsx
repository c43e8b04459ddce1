import { useId } from "react";

import { displayLimit, type ParameterVerdict, type Trend } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useResultNames, type ResultNames } from "@/lib/i18n/result-names";
import { useT, type Translation } from "@/lib/i18n/use-t";

import { CHART, layout, plottable } from "./trend-chart";

type Words = Pick<Translation<"reports" | "results">, "t" | "date"> & { names: ResultNames };

/** A point's verdict: against the chosen market's limit, or (no market chosen) against its own markets'. */
export function pointVerdictText(
  verdict: ParameterVerdict,
  market: string | null,
  { t, names }: Words,
): string {
  if (market) return names.limitVerdict(market, verdict);
  switch (verdict) {
    case "pass":
      return t("results.limitVerdict.any.pass");
    case "fail":
      return t("results.limitVerdict.any.fail");
    case "no_limit":
      return t("results.verdict.noLimit");
    case "pending":
      return t("results.limitVerdict.pending");
  }
}

/** "Chloramphenicol at Lakshmi Farms: 4 results from … to …, latest 0.2 µg/kg; 1 outside the EU limit < 0.15." */
export function trendSummary(trend: Trend, subject: string, { t, date, names }: Words): string {
  const { parameter, points } = trend;
  const name = names.parameter(parameter.code, parameter.name);
  if (points.length === 0) return t("reports.trend.summary.none", { parameter: name, provider: subject });
  const first = points[0];
  const last = points[points.length - 1];
  const unitText = names.unit(parameter.unit);
  const unit = unitText ? ` ${unitText}` : "";
  const outside = points.filter((point) => point.verdict === "fail").length;
  const limit = trend.market
    ? trend.limit
      ? t("reports.trend.summary.limit", {
          market: names.marketShort(trend.market),
          limit: names.limitText(displayLimit(trend.limit)),
        })
      : t("reports.trend.summary.limitNone", { market: names.marketShort(trend.market) })
    : t("reports.trend.summary.limitAll");
  const span =
    first && last && points.length > 1
      ? t("reports.trend.summary.many", {
          count: points.length,
          from: date(first.at, "date"),
          to: date(last.at, "date"),
        })
      : t("reports.trend.summary.one", { date: date(last?.at ?? "", "date") });
  return t("reports.trend.summary.text", {
    parameter: name,
    provider: subject,
    span,
    latest: `${last ? names.display(last.display) : ""}${last?.value !== null ? unit : ""}`,
    outside,
    limit,
  });
}

/**
 * A trend's chart (a small SVG, no chart library: the bundle budget), its summary for screen readers
 * and the values as a table. `subject`: whose samples, as the summary names them (a provider, a pond).
 */
export function TrendView({ trend, subject }: { trend: Trend; subject: string }) {
  const { t, date } = useT("reports", "results");
  const names = useResultNames();
  const words = { t, date, names };
  const titleId = useId();
  const descId = useId();
  const summary = trendSummary(trend, subject, words);
  if (trend.points.length === 0) return <p className="text-sm text-slate-700">{summary}</p>;
  const unit = names.unit(trend.parameter.unit) ?? "";
  const name = names.parameter(trend.parameter.code, trend.parameter.name);
  return (
    <div className="space-y-3">
      {plottable(trend) ? (
        <TrendChart trend={trend} titleId={titleId} descId={descId} summary={summary} />
      ) : (
        <p className="text-sm text-slate-700">
          {summary} {t("reports.trend.notPlottable")}
        </p>
      )}
      <Table label={t("reports.trend.tableLabel", { parameter: name })} size="sm" tableClassName="w-full">
        <TableHeader>
          <TableRow>
            <TableHead>{t("reports.trend.date")}</TableHead>
            <TableHead>
              {unit ? t("reports.trend.resultUnit", { unit }) : t("reports.trend.result")}
            </TableHead>
            <TableHead>{t("reports.trend.verdict")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {trend.points.map((point) => (
            <TableRow key={point.reportId}>
              <TableCell className="whitespace-nowrap text-slate-800">{date(point.at, "date")}</TableCell>
              <TableCell className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                {names.display(point.display)}
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
                {pointVerdictText(point.verdict, trend.market, words)}
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
  const { t, date } = useT("reports", "results");
  const names = useResultNames();
  const { points, lines, top } = layout(trend);
  const market = trend.market ? names.marketShort(trend.market) : "";
  const name = names.parameter(trend.parameter.code, trend.parameter.name);
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
          {trend.market ? t("reports.trend.chartTitle", { parameter: name, market }) : name}
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
            {date(first.at, "date")}
          </text>
        ) : null}
        {last && trend.points.length > 1 ? (
          <text x={right} y={CHART.height - 10} textAnchor="end" fontSize="11" fill="currentColor">
            {date(last.at, "date")}
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
              {line.side === "max"
                ? t("reports.trend.lineMax", { market, value: line.value })
                : t("reports.trend.lineMin", { market, value: line.value })}
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
        {t("reports.trend.legend")}
        {lines.length > 0 ? ` ${t("reports.trend.legendLine", { market })}` : ""}
      </figcaption>
    </figure>
  );
}
