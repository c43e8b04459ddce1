import type { MarketJudgement, ParameterLine } from "./results";

/**
 * A certificate number is issued when at least one judged market passes: a sample that meets the EU
 * limits is certified for the EU even when it fails the US ones. Only when no market passes is the
 * document a test report without a number.
 */
export const certifiesAnyMarket = (markets: readonly Pick<MarketJudgement, "verdict">[]): boolean =>
  markets.some((market) => market.verdict === "pass");

/** A market's verdict as one mark, the same on the certificate, the report's review line and its mail. */
export const MARKET_MARK = { pass: "✓", fail: "✗", pending: "…" } as const satisfies Record<
  MarketJudgement["verdict"],
  string
>;

/** "EU ✓ · US ✓ · JP ✗": every judged market's verdict on one line, by code and mark. */
export const marketSummary = (markets: readonly MarketJudgement[]): string =>
  markets.map((market) => `${market.code} ${MARKET_MARK[market.verdict]}`).join(" · ");

/** The market codes a report's certificate certifies, and those it does not. */
export interface CertificateScope {
  certified: string[];
  notCertified: string[];
}

/** Which markets a certificate covers: the passed ones, and none at all without a number. */
export function certificateScope(
  markets: readonly Pick<MarketJudgement, "code" | "verdict">[],
  certification: string | null,
): CertificateScope {
  const passed = (market: Pick<MarketJudgement, "verdict">) =>
    certification !== null && market.verdict === "pass";
  return {
    certified: markets.filter(passed).map((market) => market.code),
    notCertified: markets.filter((market) => !passed(market)).map((market) => market.code),
  };
}

/** A parameter outside a limit: its result as printed and each market whose limit it breaks. */
export interface FailingLine {
  code: string;
  name: string;
  /** "1.29", "Detected", "Present in 25 g". */
  result: string;
  unit: string | null;
  markets: { code: string; limitText: string }[];
}

/** The lines that fail at least one market, in the table's order. */
export const failingLines = (parameters: readonly ParameterLine[]): FailingLine[] =>
  parameters.flatMap((line) => {
    const markets = line.markets
      .filter((market) => market.verdict === "fail")
      .map((market) => ({ code: market.code, limitText: market.limitText }));
    if (markets.length === 0) return [];
    return [
      { code: line.code, name: line.name, result: line.result?.display ?? "—", unit: line.unit, markets },
    ];
  });

/** A measured result reads with its unit ("1.29 µg/kg"); words ("Detected") stand alone. */
export const resultWithUnit = (line: Pick<FailingLine, "result" | "unit">): string =>
  line.unit && /^[<>≤≥]?\s*[\d.]+$/.test(line.result) ? `${line.result} ${line.unit}` : line.result;
