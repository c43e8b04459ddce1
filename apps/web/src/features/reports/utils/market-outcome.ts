// What a report certifies, by market, and where its results fall: the words of the report screen,
// the report cards and the timeline are built from this.
import {
  certificateScope,
  failingLines,
  type FailingLine,
  type ParameterLine,
  type Report,
} from "@lab/contracts";

export interface MarketOutcome {
  /** Market codes that passed and those that failed (pending never reaches an issued report). */
  passed: string[];
  failed: string[];
  /** What the certificate certifies and does not; nothing is certified without a number. */
  certified: string[];
  notCertified: string[];
  certification: string | null;
  failing: FailingLine[];
}

type OutcomeFields = Pick<Report, "markets" | "parameters" | "details"> &
  Partial<Pick<Report, "certifiedMarkets" | "notCertifiedMarkets">>;

export function marketOutcome(report: OutcomeFields): MarketOutcome {
  const certification = report.details.certification;
  // The server says what the certificate covers; an older answer without it follows the same rule.
  const scope =
    report.certifiedMarkets && report.notCertifiedMarkets
      ? { certified: report.certifiedMarkets, notCertified: report.notCertifiedMarkets }
      : certificateScope(report.markets, certification);
  const codes = (verdict: "pass" | "fail") =>
    report.markets.filter((market) => market.verdict === verdict).map((market) => market.code);
  return {
    passed: codes("pass"),
    failed: codes("fail"),
    certified: scope.certified,
    notCertified: scope.notCertified,
    certification,
    failing: failingLines(report.parameters),
  };
}

export interface PanelGroup {
  /** The test type; null for lines no panel lists (a parameter added after the panel changed). */
  testType: string | null;
  lines: ParameterLine[];
}

/**
 * The results table by panel: each line under the first test type that lists it, a confirmation
 * beside the screening that called for it, the rest under "other". Without panels, one group.
 */
export function groupByPanel(
  parameters: readonly ParameterLine[],
  panels: Report["panels"] | undefined,
): PanelGroup[] {
  if (!panels || panels.length === 0) return [{ testType: null, lines: [...parameters] }];
  const panelOf = (line: ParameterLine): string | null => {
    const own = panels.find((panel) => panel.codes.includes(line.code));
    if (own) return own.testType;
    const screening = parameters.find(
      (other) => other.confirmedBy === line.code || other.confirmWith === line.code,
    );
    return screening
      ? (panels.find((panel) => panel.codes.includes(screening.code))?.testType ?? null)
      : null;
  };
  const groups: PanelGroup[] = panels.map((panel) => ({ testType: panel.testType, lines: [] }));
  const other: PanelGroup = { testType: null, lines: [] };
  for (const line of parameters) {
    const testType = panelOf(line);
    (groups.find((group) => group.testType === testType) ?? other).lines.push(line);
  }
  return [...groups, other].filter((group) => group.lines.length > 0);
}
