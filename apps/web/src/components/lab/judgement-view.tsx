import type {
  Analysis,
  MarketJudgement,
  MarketVerdict,
  ParameterLine,
  ParameterVerdict,
} from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";
import { methodLine } from "@/lib/lab-method-line";
import { VERDICT_TEXT, VERDICT_TONE } from "@/lib/lab-verdicts";

/** A verdict as a pill: its words and sign, the colour only repeats them. */
export function VerdictChip({
  verdict,
  label,
  detail,
}: {
  verdict: ParameterVerdict | MarketVerdict;
  label: string;
  detail?: string;
}) {
  const { t } = useT("lab");
  return (
    <span
      className={cn(
        "inline-flex max-w-full flex-wrap items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 break-words",
        VERDICT_TONE[verdict],
      )}
    >
      <span className="font-semibold">{t("lab.judgement.chipLabel", { label })}</span>{" "}
      <span>{t(VERDICT_TEXT[verdict])}</span>
      {detail ? <span className="text-slate-700"> ({detail})</span> : null}
    </span>
  );
}

/** Each judged market's overall verdict, with its specification version. */
export function MarketVerdicts({ markets, label }: { markets: readonly MarketJudgement[]; label: string }) {
  const { t } = useT("lab");
  const names = useResultNames();
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {markets.map((market) => (
        <li key={market.code} className="max-w-full" data-market={market.code}>
          <VerdictChip
            verdict={market.verdict}
            label={names.marketShort(market.code)}
            detail={
              market.version !== null
                ? t("lab.judgement.marketVersion", {
                    name: names.market(market.code, market.name),
                    version: market.version,
                  })
                : names.market(market.code, market.name)
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** One parameter's verdict in each market, with the market's limit. */
export function LineVerdicts({ line }: { line: ParameterLine }) {
  const { t } = useT("lab");
  const names = useResultNames();
  // "limit ≤ 0.15"; a screening decided by its confirmation says "See CAP"; none set says so.
  const limitDetail = (limitText: string): string =>
    limitText === "—"
      ? t("lab.judgement.noLimit")
      : limitText.startsWith("See ")
        ? names.limitText(limitText)
        : t("lab.judgement.limit", { limit: names.limitText(limitText) });
  return (
    <ul
      aria-label={t("lab.judgement.verdictsFor", { name: names.parameter(line.code, line.name) })}
      className="flex flex-wrap gap-1.5"
    >
      {line.markets.map((market) => (
        <li key={market.code} className="max-w-full" data-market={market.code}>
          <VerdictChip
            verdict={market.verdict}
            label={names.marketShort(market.code)}
            detail={limitDetail(market.limitText)}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The judgement as a list (phones first: one card per parameter, no wide table): result, method,
 * each market's limit and verdict, and who entered it when the analysis is given.
 */
export function ParameterLines({
  lines,
  results,
  label,
}: {
  lines: readonly ParameterLine[];
  results?: Analysis["results"];
  label: string;
}) {
  const { t, date } = useT("lab");
  const names = useResultNames();
  return (
    <ul aria-label={label} className="space-y-2">
      {lines.map((line) => {
        const entered = results?.find((result) => result.code === line.code);
        return (
          <li key={line.code} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 font-medium break-words text-slate-900">
                {names.parameter(line.code, line.name)}{" "}
                <span className="text-xs text-slate-600">{line.code}</span>
              </p>
              <p className="text-sm font-semibold break-words text-slate-900">
                {line.result ? names.display(line.result.display) : t("lab.judgement.noResult")}
                {line.result && line.unit && line.result.value !== null
                  ? ` ${names.unit(line.unit) ?? ""}`
                  : ""}
              </p>
            </div>
            <p className="text-xs break-words text-slate-600">{methodLine(line)}</p>
            {line.confirmedBy ? (
              <p className="text-xs font-medium break-words text-amber-900">
                {t("lab.judgement.confirmedBy", { code: line.confirmedBy })}
              </p>
            ) : null}
            <div className="mt-2">
              <LineVerdicts line={line} />
            </div>
            {entered ? (
              <p className="mt-1 text-xs break-words text-slate-600">
                {t("lab.judgement.enteredBy", {
                  name: entered.enteredBy,
                  date: date(entered.enteredAt, "dateTime"),
                })}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
