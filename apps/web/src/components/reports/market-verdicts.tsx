import { LAB_DEFAULT_MARKET, type MarketVerdict, type ParameterVerdict } from "@lab/contracts";

import { cn } from "@/components/ui/cn";

/** The short name of a market on chips and in the table; the lab's own limits have no country code. */
export const marketLabel = (code: string): string => (code === LAB_DEFAULT_MARKET ? "Lab" : code);

const marketVerdictText: Record<MarketVerdict, string> = {
  pass: "✓ Pass",
  fail: "✗ Fail",
  pending: "… Pending",
};

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
  label = "Market verdicts",
  showVersion = false,
}: {
  markets: readonly MarketVerdictItem[];
  label?: string;
  showVersion?: boolean;
}) {
  if (markets.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {markets.map((market) => (
        <li key={market.code} className="min-w-0">
          <span
            title={market.name}
            className={cn(
              "inline-flex max-w-full items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold [overflow-wrap:anywhere]",
              tone[market.verdict],
            )}
          >
            {`${marketLabel(market.code)} ${marketVerdictText[market.verdict]}`}
          </span>
          {showVersion ? (
            <span className="ml-1 text-xs [overflow-wrap:anywhere] text-slate-700">
              {market.name}
              {market.version !== null && market.version !== undefined ? `, spec v${market.version}` : ""}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A parameter's verdict against one market's limit, in words: "✗ Outside EU limit". */
export function limitVerdictText(code: string, verdict: ParameterVerdict): string {
  const name = code === LAB_DEFAULT_MARKET ? "the lab's" : code;
  switch (verdict) {
    case "pass":
      return `✓ Within ${name} limit`;
    case "fail":
      return `✗ Outside ${name} limit`;
    case "no_limit":
      return `No ${name} limit`;
    case "pending":
      return "… Pending";
  }
}

export function LimitVerdict({ code, verdict }: { code: string; verdict: ParameterVerdict }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full rounded-md border px-2 py-0.5 text-xs font-semibold [overflow-wrap:anywhere]",
        tone[verdict],
      )}
    >
      {limitVerdictText(code, verdict)}
    </span>
  );
}
