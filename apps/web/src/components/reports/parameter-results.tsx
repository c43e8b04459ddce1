import type { ParameterLine } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMediaQuery } from "@/hooks/use-media-query";

import { LimitVerdict, marketLabel } from "./market-verdicts";
import { CARD_LAYOUT_QUERY } from "./test-results-table";

const number = (value: number | null) => (value === null ? "—" : String(Number(value.toPrecision(6))));

export const lodLoq = (line: Pick<ParameterLine, "lod" | "loq">): string =>
  line.lod === null && line.loq === null ? "—" : `${number(line.lod)} / ${number(line.loq)}`;

const outside = (line: ParameterLine) => line.markets.some((market) => market.verdict === "fail");

/** A measured number reads with its unit ("0.12 µg/kg"); words ("Not detected") stand alone. */
const unitAfter = (line: ParameterLine) =>
  line.result && line.result.value !== null && line.unit && /^[\d.]+$/.test(line.result.display)
    ? ` ${line.unit}`
    : "";

const methodText = (line: ParameterLine) =>
  line.methodRole === "screening" ? `${line.method} (screening)` : line.method;

/** The column heads for the markets: the lines carry codes only. */
function marketCodes(lines: readonly ParameterLine[]): string[] {
  const codes: string[] = [];
  for (const line of lines)
    for (const market of line.markets) if (!codes.includes(market.code)) codes.push(market.code);
  return codes;
}

/** Phones: one card per parameter, its result and each market's limit and verdict stacked. */
function ParameterCards({ lines, caption }: { lines: readonly ParameterLine[]; caption: string }) {
  return (
    <ul aria-label={caption} className="space-y-3">
      {lines.map((line) => (
        <li
          key={line.code}
          className={cn(
            "rounded-lg border bg-white p-3",
            outside(line) ? "border-l-4 border-red-500" : "border-slate-200",
          )}
        >
          <h3 className="text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{line.name}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <div className="col-span-2 min-w-0">
              <dt className="text-xs font-medium text-slate-600">Result</dt>
              <dd className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
                {line.result?.display ?? "Pending"}
                {unitAfter(line)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">Method</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-800">{methodText(line)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">Unit</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-800">{line.unit ?? "—"}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">LOD / LOQ</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-800">{lodLoq(line)}</dd>
            </div>
          </dl>
          {line.markets.length > 0 ? (
            <ul
              aria-label={`Limits for ${line.name}`}
              className="mt-3 space-y-2 border-t border-slate-100 pt-2"
            >
              {line.markets.map((market) => (
                <li key={market.code} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 [overflow-wrap:anywhere] text-slate-800">
                    <span className="font-medium">{marketLabel(market.code)} limit:</span> {market.limitText}
                  </span>
                  <LimitVerdict code={market.code} verdict={market.verdict} />
                </li>
              ))}
            </ul>
          ) : null}
          {line.confirmedBy ? (
            <p className="mt-2 text-xs text-slate-700">Screening positive: decided by {line.confirmedBy}.</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The certified parameter table: parameter, method, unit, LOD/LOQ, result and, per market, the limit
 * and the verdict in words. Cards below lg, so a phone never scrolls sideways.
 */
export function ParameterResults({ lines, caption }: { lines: readonly ParameterLine[]; caption: string }) {
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  if (cards) return <ParameterCards lines={lines} caption={caption} />;
  const codes = marketCodes(lines);
  return (
    <Table label={caption} size="sm" tableClassName="w-full">
      <TableHeader>
        <TableRow>
          <TableHead>Parameter</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Unit</TableHead>
          <TableHead>LOD / LOQ</TableHead>
          <TableHead>Result</TableHead>
          {codes.map((code) => (
            <TableHead key={code}>{marketLabel(code)} limit</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.code}>
            <TableHead
              row
              className={cn(
                "font-medium [overflow-wrap:anywhere] text-slate-900",
                outside(line) && "border-l-4 border-red-500",
              )}
            >
              {line.name}
              {line.confirmedBy ? (
                <span className="block text-xs font-normal text-slate-700">
                  Decided by {line.confirmedBy}
                </span>
              ) : null}
            </TableHead>
            <TableCell className="text-slate-800">{methodText(line)}</TableCell>
            <TableCell className="text-slate-800">{line.unit ?? "—"}</TableCell>
            <TableCell className="whitespace-nowrap text-slate-800">{lodLoq(line)}</TableCell>
            <TableCell className="font-semibold text-slate-900">
              {line.result?.display ?? "Pending"}
            </TableCell>
            {codes.map((code) => {
              const market = line.markets.find((entry) => entry.code === code);
              return (
                <TableCell key={code} className="text-slate-800">
                  {market ? (
                    <span className="flex flex-col items-start gap-1">
                      <span>{market.limitText}</span>
                      <LimitVerdict code={code} verdict={market.verdict} />
                    </span>
                  ) : (
                    "—"
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
