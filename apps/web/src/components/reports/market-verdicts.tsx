import type { MarketVerdict, ParameterVerdict } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

// Colour is never alone: every tone goes with its words and a mark.
const tone: Record<ParameterVerdict, string> = {
  pass: "border-green-300 bg-green-50 text-green-900",
  fail: "border-red-400 bg-red-50 text-red-900",
  no_limit: "border-slate-300 bg-slate-50 text-slate-800",
  pending: "border-amber-300 bg-amber-50 text-amber-900",
};

export interface MarketVerdictItem {
  code: string;
  name: string;
  verdict: MarketVerdict;
  version?: number | null;
}

/** "EU ✓ Pass", "US ✗ Fail": one chip per judged market. */
export function MarketVerdictChips({
  markets,
  label,
  showVersion = false,
}: {
  markets: readonly MarketVerdictItem[];
  label?: string;
  showVersion?: boolean;
}) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  if (markets.length === 0) return null;
  return (
    <ul aria-label={label ?? t("reports.markets.label")} className="flex flex-wrap gap-2">
      {markets.map((market) => {
        const name = names.market(market.code, market.name);
        return (
          <li key={market.code} className="min-w-0">
            <span
              title={name}
              className={cn(
                "inline-flex max-w-full items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold [overflow-wrap:anywhere]",
                tone[market.verdict],
              )}
            >
              {names.marketChip(market.code, market.verdict)}
            </span>
            {showVersion ? (
              <span className="ml-1 text-xs [overflow-wrap:anywhere] text-slate-700">
                {market.version !== null && market.version !== undefined
                  ? t("results.market.specVersion", { name, version: market.version })
                  : name}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A parameter's verdict against one market's limit, in words: "✗ Outside EU limit". */
export function LimitVerdict({ code, verdict }: { code: string; verdict: ParameterVerdict }) {
  const names = useResultNames();
  return (
    <span
      className={cn(
        "inline-flex max-w-full rounded-md border px-2 py-0.5 text-xs font-semibold break-words",
        tone[verdict],
      )}
    >
      {names.limitVerdict(code, verdict)}
    </span>
  );
}
