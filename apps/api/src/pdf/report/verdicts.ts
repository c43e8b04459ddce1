// The verdict per market: the headline and what failed (first page), the markets and overall result
// under the tables, and the specification versions each market was judged against.
import {
  certificateScope,
  failingLines,
  LAB_DEFAULT_MARKET,
  MARKET_MARK,
  resultWithUnit,
  type MarketJudgement,
  type ParameterLine,
} from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { under, type DocumentWords } from "../coa-words";
import { drawTable, labelColumnWidth, type Cell } from "../layout";
import { BOTTOM, caption, CONTENT, FAIL, label, LABEL_STYLE, PAGE, PASS, type Sheet } from "./sheet";

/** A market as a headline names it: its code, the lab's own limits by their name. */
const headlineName = (market: Pick<MarketJudgement, "code" | "name">) =>
  market.code === LAB_DEFAULT_MARKET ? market.name : market.code;

/**
 * "Passed for EU · Not for US": the verdict per market in one line, in English and under it in the
 * account's language. With no market passed it reads "Not passed for EU, US".
 */
export function marketHeadline(w: DocumentWords, markets: readonly MarketJudgement[]): string {
  const names = (verdict: MarketJudgement["verdict"]) =>
    markets
      .filter((market) => market.verdict === verdict)
      .map(headlineName)
      .join(", ");
  const passed = names("pass");
  const failed = names("fail");
  const parts: [MessageKey, string][] = [];
  if (passed !== "") parts.push(["coa.headline.passedFor", passed]);
  if (failed !== "") parts.push([passed === "" ? "coa.headline.failedFor" : "coa.headline.notFor", failed]);
  const english = parts.map(([key, list]) => w.en(key, { markets: list })).join(" · ");
  const local = parts.map(([key, list]) => w.local(key, { markets: list }));
  return under(english, local.every((text) => text === null) ? null : local.join(" · "));
}

/** The lines outside a limit, each with its result and the limits it breaks (English, then local). */
export function failingText(w: DocumentWords, parameters: readonly ParameterLine[]): string[] {
  return failingLines(parameters).map((line) => {
    const result = resultWithUnit(line);
    const limits = (local: boolean) =>
      line.markets
        .map((market) => {
          const values = { market: market.code, limit: market.limitText };
          return (local ? w.local("coa.failing.limit", values) : null) ?? w.en("coa.failing.limit", values);
        })
        .join("; ");
    const english = `${line.name}: ${result}, ${limits(false)}`;
    const localName = w.optional(`results.param.${line.code}`);
    return under(
      english,
      w.bilingual && localName !== null ? `${localName}: ${result}, ${limits(true)}` : null,
    );
  });
}

/** A market's name, and its name in the account's language in brackets when the catalogue has it. */
export const marketName = (w: DocumentWords, market: Pick<MarketJudgement, "code" | "name">): string => {
  const local = w.optional(`results.market.${market.code}`);
  return local === null ? market.name : `${market.name} (${local})`;
};

/** The named markets of the report, by name and code ("European Union (EU), …"), English or local. */
export function marketNames(
  w: DocumentWords,
  markets: readonly MarketJudgement[],
  codes: readonly string[],
  local: boolean,
): string {
  return markets
    .filter((market) => codes.includes(market.code))
    .map((market) => {
      const name = local ? (w.optional(`results.market.${market.code}`) ?? market.name) : market.name;
      return market.code === LAB_DEFAULT_MARKET ? name : `${name} (${market.code})`;
    })
    .join(", ");
}

/** The width of the label column beside the markets, the overall result and the remarks. */
function verdictLabelWidth({ doc, w }: Sheet): number {
  return w.bilingual
    ? labelColumnWidth(
        doc,
        [w.stacked("coa.markets"), w.stacked("coa.overallResult"), w.stacked("coa.remarks")],
        LABEL_STYLE,
        2,
        90,
        150,
      )
    : 90;
}

/** Under the result tables: each market's verdict, the overall result, the remarks. */
export async function drawVerdictSummary(sheet: Sheet, y: number): Promise<number> {
  const { doc, w, input, number } = sheet;
  const sideLabel = verdictLabelWidth(sheet);
  const { report } = input;
  const passed = report.result === "success";
  const scope = certificateScope(report.markets, number);
  const names = (codes: readonly string[], local: boolean) => marketNames(w, report.markets, codes, local);
  const marketVerdict = (verdict: MarketJudgement["verdict"]) => {
    const key = `coa.verdict.${verdict}` as const;
    const local = w.local(key);
    return local === null ? w.en(key) : `${w.en(key)} / ${local}`;
  };
  const summaryRows: Cell[][] = [
    [
      label(w.stacked("coa.markets")),
      {
        text: report.markets
          .map(
            (market) =>
              `${marketName(w, market)} ${MARKET_MARK[market.verdict]} ${marketVerdict(market.verdict)}`,
          )
          .join(" · "),
      },
    ],
    [
      label(w.stacked("coa.overallResult")),
      {
        text:
          passed || scope.certified.length === 0
            ? w.stacked(passed ? "coa.overall.passed" : "coa.overall.failed")
            : w.stacked(
                "coa.overall.partly",
                { certified: names(scope.certified, false), failed: names(scope.notCertified, false) },
                { certified: names(scope.certified, true), failed: names(scope.notCertified, true) },
              ),
        weight: "bold",
        color: passed ? PASS : FAIL,
      },
    ],
  ];
  if (report.remarks) summaryRows.push([label(w.stacked("coa.remarks")), { text: report.remarks }]);
  return drawTable(doc, {
    x: PAGE.margin,
    y: y + 10,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    columns: [
      { header: "", width: sideLabel },
      { header: "", width: CONTENT - sideLabel },
    ],
    rows: summaryRows,
  });
}

/** The specification version each market was judged against, when the report cites any. */
export async function drawSpecVersions(sheet: Sheet, y: number): Promise<number> {
  const { doc, w, input } = sheet;
  const specs = input.specVersions ?? [];
  if (specs.length === 0) return y;
  return drawTable(doc, {
    x: PAGE.margin,
    y: y + 12,
    top: PAGE.margin,
    bottom: BOTTOM,
    size: 8,
    padding: 2.5,
    header: { fill: "#e5e7eb", color: "#111827" },
    rules: true,
    caption: caption(w.inline("coa.specs.caption")),
    columns: [
      { header: w.stacked("coa.specs.market"), width: 120 },
      { header: w.stacked("coa.specs.version"), width: 50 },
      { header: w.stacked("coa.specs.inForceFrom"), width: 75 },
      { header: w.stacked("coa.specs.reference"), width: CONTENT - 245 },
    ],
    rows: specs.map((spec) => [
      { text: `${spec.name} (${spec.market})` },
      { text: `v${spec.version}` },
      { text: spec.effectiveFrom },
      { text: spec.reference },
    ]),
  });
}
