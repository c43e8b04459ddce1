import type { ParameterLine } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useResultNames, type ResultNames } from "@/lib/i18n/result-names";
import { useT, type T } from "@/lib/i18n/use-t";

import { LimitVerdict } from "./market-verdicts";
import { CARD_LAYOUT_QUERY } from "./test-results-table";

const number = (value: number | null) => (value === null ? "—" : String(Number(value.toPrecision(6))));

export const lodLoq = (line: Pick<ParameterLine, "lod" | "loq">): string =>
  line.lod === null && line.loq === null ? "—" : `${number(line.lod)} / ${number(line.loq)}`;

const outside = (line: ParameterLine) => line.markets.some((market) => market.verdict === "fail");

/** A measured number reads with its unit ("0.12 µg/kg"); words ("Not detected") stand alone. */
const unitAfter = (line: ParameterLine, unit: string | null) =>
  line.result && line.result.value !== null && unit && /^[\d.]+$/.test(line.result.display) ? ` ${unit}` : "";

const methodText = (line: ParameterLine, t: T<"reports" | "results">) =>
  line.methodRole === "screening" ? t("reports.table.screening", { method: line.method }) : line.method;

/** The words of one line in the reader's language: name, result, unit, the decisive parameter. */
function lineText(line: ParameterLine, names: ResultNames) {
  return {
    name: names.parameter(line.code, line.name),
    result: line.result ? names.display(line.result.display) : names.verdict("pending"),
    unit: names.unit(line.unit),
    confirmedBy: line.confirmedBy ? names.parameter(line.confirmedBy, line.confirmedBy) : null,
  };
}

/** The column heads for the markets: the lines carry codes only. */
function marketCodes(lines: readonly ParameterLine[]): string[] {
  const codes: string[] = [];
  for (const line of lines)
    for (const market of line.markets) if (!codes.includes(market.code)) codes.push(market.code);
  return codes;
}

/** Phones: one card per parameter, its result and each market's limit and verdict stacked. */
function ParameterCards({ lines, caption }: { lines: readonly ParameterLine[]; caption: string }) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  return (
    <ul aria-label={caption} className="space-y-3">
      {lines.map((line) => {
        const text = lineText(line, names);
        return (
          <li
            key={line.code}
            className={cn(
              "rounded-lg border bg-white p-3",
              outside(line) ? "border-l-4 border-red-500" : "border-slate-200",
            )}
          >
            <h3 className="text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{text.name}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <div className="col-span-2 min-w-0">
                <dt className="text-xs font-medium text-slate-600">{t("reports.table.result")}</dt>
                <dd className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
                  {text.result}
                  {unitAfter(line, text.unit)}
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{t("reports.table.method")}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-800">{methodText(line, t)}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{t("reports.table.unit")}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-800">{text.unit ?? "—"}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{t("reports.table.lodLoq")}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-800">{lodLoq(line)}</dd>
              </div>
            </dl>
            {line.markets.length > 0 ? (
              <ul
                aria-label={t("reports.table.limitsFor", { parameter: text.name })}
                className="mt-3 space-y-2 border-t border-slate-100 pt-2"
              >
                {line.markets.map((market) => (
                  <li key={market.code} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 [overflow-wrap:anywhere] text-slate-800">
                      <span className="font-medium">
                        {t("reports.table.marketLimitLabel", { market: names.marketShort(market.code) })}
                      </span>{" "}
                      {names.limitText(market.limitText)}
                    </span>
                    <LimitVerdict code={market.code} verdict={market.verdict} />
                  </li>
                ))}
              </ul>
            ) : null}
            {text.confirmedBy ? (
              <p className="mt-2 text-xs text-slate-700">
                {t("reports.table.screeningDecided", { parameter: text.confirmedBy })}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The certified parameter table: parameter, method, unit, LOD/LOQ, result and, per market, the limit
 * and the verdict in words. Cards below lg, so a phone never scrolls sideways.
 */
export function ParameterResults({ lines, caption }: { lines: readonly ParameterLine[]; caption: string }) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  if (cards) return <ParameterCards lines={lines} caption={caption} />;
  const codes = marketCodes(lines);
  return (
    <Table label={caption} size="sm" tableClassName="w-full">
      <TableHeader>
        <TableRow>
          <TableHead>{t("reports.table.parameter")}</TableHead>
          <TableHead>{t("reports.table.method")}</TableHead>
          <TableHead>{t("reports.table.unit")}</TableHead>
          <TableHead>{t("reports.table.lodLoq")}</TableHead>
          <TableHead>{t("reports.table.result")}</TableHead>
          {codes.map((code) => (
            <TableHead key={code}>
              {t("reports.table.marketLimit", { market: names.marketShort(code) })}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => {
          const text = lineText(line, names);
          return (
            <TableRow key={line.code}>
              <TableHead
                row
                className={cn(
                  "font-medium break-words text-slate-900",
                  outside(line) && "border-l-4 border-red-500",
                )}
              >
                {text.name}
                {text.confirmedBy ? (
                  <span className="block text-xs font-normal text-slate-700">
                    {t("reports.table.decidedBy", { parameter: text.confirmedBy })}
                  </span>
                ) : null}
              </TableHead>
              <TableCell className="text-slate-800">{methodText(line, t)}</TableCell>
              <TableCell className="text-slate-800">{text.unit ?? "—"}</TableCell>
              <TableCell className="whitespace-nowrap text-slate-800">{lodLoq(line)}</TableCell>
              <TableCell className="font-semibold text-slate-900">{text.result}</TableCell>
              {codes.map((code) => {
                const market = line.markets.find((entry) => entry.code === code);
                return (
                  <TableCell key={code} className="text-slate-800">
                    {market ? (
                      <span className="flex flex-col items-start gap-1">
                        <span>{names.limitText(market.limitText)}</span>
                        <LimitVerdict code={code} verdict={market.verdict} />
                      </span>
                    ) : (
                      "—"
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
