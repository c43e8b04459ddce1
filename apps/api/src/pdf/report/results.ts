// The results: a table of the parameters with a limit and verdict per market (certified results), or
// for a report issued before them, its per-test lines and free-text sections.
import type { MarketJudgement, ParameterLine, ParameterVerdict } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { under, type DocumentWords } from "../coa-words";
import { drawTable, labelColumnWidth, textWidth, type Cell, type Column } from "../layout";
import type { PdfReport } from "./input";
import {
  BOTTOM,
  caption,
  CONTENT,
  FAIL,
  GREY,
  label,
  LABEL_STYLE,
  PAGE,
  PASS,
  TEAL,
  type Sheet,
} from "./sheet";
import { marketName } from "./verdicts";

// Up to three markets side by side in the result table; more go to a further table.
const MARKETS_PER_TABLE = 3;

/** A verdict as words: "✓ Pass", and under it the account's word for it. */
function verdictText(w: DocumentWords, verdict: ParameterVerdict | "pass" | "fail" | "pending"): string {
  if (verdict === "no_limit") return "—";
  const key = `coa.verdict.${verdict}` as const;
  const mark = verdict === "pass" ? "✓ " : verdict === "fail" ? "✗ " : "";
  return under(`${mark}${w.en(key)}`, w.local(key));
}

const verdictCell = (w: DocumentWords, verdict: ParameterVerdict): Cell => ({
  text: verdictText(w, verdict),
  weight: verdict === "fail" ? "bold" : "regular",
  color: verdict === "pass" ? PASS : verdict === "fail" ? FAIL : GREY,
});

const limitOfDetection = (line: ParameterLine): string => {
  if (line.lod === null && line.loq === null) return "—";
  return `${line.lod ?? "—"} / ${line.loq ?? "—"}`;
};

/** The result table: the parameter's columns, then a limit and verdict pair per market. */
function resultTables(
  doc: PDFKit.PDFDocument,
  report: PdfReport,
  w: DocumentWords,
): { caption: string; columns: Column[]; rows: Cell[][] }[] {
  const markets = report.markets;
  // A bilingual table gives the market columns a little more room: the verdict words are longer.
  const firstBase: [MessageKey, number][] = w.bilingual
    ? [
        ["coa.column.parameter", 92],
        ["coa.column.method", 56],
        ["coa.column.unit", 34],
        ["coa.column.lodLoq", 40],
        ["coa.column.result", 54],
      ]
    : [
        ["coa.column.parameter", 100],
        ["coa.column.method", 60],
        ["coa.column.unit", 36],
        ["coa.column.lodLoq", 42],
        ["coa.column.result", 58],
      ];
  if (w.bilingual) {
    // A header word wider than its column (Malayalam's യൂണിറ്റ് over "Unit") widens it; the
    // parameter column, which wraps names anyway, gives the room.
    let extra = 0;
    for (const entry of firstBase.slice(1)) {
      const need = labelColumnWidth(doc, [w.stacked(entry[0])], { size: 7.5, weight: "bold" }, 2.5, 0, 80);
      if (need > entry[1]) {
        extra += need - entry[1];
        entry[1] = need;
      }
    }
    const parameter = firstBase[0];
    if (parameter) parameter[1] = Math.max(70, parameter[1] - extra);
  }
  const firstBaseWidth = firstBase.reduce((sum, [, width]) => sum + width, 0);
  // A verdict word is never cut inside (Malayalam's പരാജയപ്പെട്ടു is twice "✗ Fail"): when it does
  // not fit beside its limit, fewer markets share a table. A released report has no pending verdict.
  const verdictNeed = w.bilingual
    ? Math.max(
        ...(["pass", "fail"] as const).flatMap((verdict) =>
          verdictText(w, verdict)
            .split("\n")
            .map((line) => textWidth(doc, line, { size: 7.5, weight: "bold" })),
        ),
      ) +
      2 * 2.5 +
      1
    : 0;
  const VERDICT_SHARE = 0.55;
  let perTable = MARKETS_PER_TABLE;
  while (perTable > 1 && verdictNeed > ((CONTENT - firstBaseWidth) / perTable) * VERDICT_SHARE) perTable -= 1;
  const chunks: MarketJudgement[][] = [];
  for (let index = 0; index < markets.length; index += perTable)
    chunks.push(markets.slice(index, index + perTable));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((chunk, chunkIndex) => {
    const first = chunkIndex === 0;
    // The first table has the method and detection limits; a further one only repeats what identifies the line.
    const base: Column[] = first
      ? firstBase.map(([key, width]) => ({ header: w.stacked(key), width }))
      : [
          { header: w.stacked("coa.column.parameter"), width: 130 },
          { header: w.stacked("coa.column.result"), width: 70 },
        ];
    const baseWidth = base.reduce((sum, column) => sum + column.width, 0);
    const perMarket = (CONTENT - baseWidth) / Math.max(chunk.length, 1);
    const verdictWidth = Math.min(
      Math.max(Math.min(44, perMarket * 0.42), verdictNeed),
      perMarket * VERDICT_SHARE,
    );
    const columns: Column[] = [
      ...base,
      ...chunk.flatMap((market) => [
        {
          header: w.stacked("coa.column.marketLimit", { market: market.code }),
          width: perMarket - verdictWidth,
        },
        { header: market.code, width: verdictWidth },
      ]),
    ];
    const rows = report.parameters.map((line) => {
      const shown = line.result?.display ?? "—";
      // A banned substance seen at all: said in words beside the value, not only by the verdicts.
      const result: Cell = line.prohibitedDetected
        ? { text: `${shown}\n${w.stacked("coa.prohibitedDetected")}`, weight: "bold", color: FAIL }
        : { text: shown, weight: "bold" };
      // The catalogue's name in the account's language under the English one (a parameter the lab
      // created itself has none: English only).
      const name = under(line.name, w.optional(`results.param.${line.code}`));
      const cells: Cell[] = first
        ? [
            { text: name },
            { text: line.method },
            { text: line.unit ?? "—" },
            { text: limitOfDetection(line) },
            result,
          ]
        : [{ text: name }, result];
      for (const market of chunk) {
        const judged = line.markets.find((entry) => entry.code === market.code);
        cells.push({ text: judged?.limitText ?? "—" }, verdictCell(w, judged?.verdict ?? "no_limit"));
      }
      return cells;
    });
    const tableCaption = first
      ? w.inline("coa.results")
      : `${w.inline("coa.resultsContinued")}: ${chunk.map((market) => marketName(w, market)).join(", ")}`;
    return { caption: tableCaption, columns, rows };
  });
}

/** Certified results: one table, or several when the markets do not fit side by side. */
export async function drawResultTables(sheet: Sheet, y: number): Promise<number> {
  const { doc, w, input } = sheet;
  let bottom = y;
  for (const table of resultTables(doc, input.report, w)) {
    bottom = await drawTable(doc, {
      x: PAGE.margin,
      y: bottom + 12,
      top: PAGE.margin,
      bottom: BOTTOM,
      size: 7.5,
      padding: 2.5,
      header: { fill: TEAL, color: "#ffffff" },
      rules: true,
      caption: caption(table.caption),
      columns: table.columns,
      rows: table.rows,
    });
  }
  return bottom;
}

/** A report issued before certified results: its per-test lines, then its free-text sections. */
export async function drawLegacyResults(sheet: Sheet, y: number): Promise<number> {
  const { doc, w, input } = sheet;
  const { report } = input;
  const passed = report.result === "success";
  const bottom = await drawTable(doc, {
    x: PAGE.margin,
    y: y + 12,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: { fill: TEAL, color: "#ffffff" },
    rules: true,
    columns: [
      { header: w.stacked("coa.legacy.test"), width: 120 },
      { header: w.stacked("coa.column.result"), width: 85 },
      { header: w.stacked("coa.column.unit"), width: 55 },
      { header: w.stacked("coa.legacy.limit"), width: 85 },
      { header: w.stacked("coa.column.method"), width: 110 },
      { header: w.stacked("coa.legacy.verdict"), width: CONTENT - 455 },
    ],
    rows: report.tests.map((test) => [
      under(test.testType, w.optional(`domain.testType.${test.testType}`)),
      test.value,
      test.unit,
      test.limit,
      test.method,
      {
        text: under(test.verdict.toUpperCase(), w.local(`coa.verdict.${test.verdict}`)),
        weight: "bold",
        color: test.verdict === "pass" ? PASS : FAIL,
      },
    ]),
  });

  const sections: [string, string][] = [
    [w.stacked("coa.overallResult"), w.stacked(passed ? "coa.legacy.testPassed" : "coa.legacy.testFailed")],
    [w.stacked("coa.section.initialInspection"), report.details.initialInspection],
    [w.stacked("coa.section.viralScreening"), report.details.labResults.viralScreening],
    [w.stacked("coa.section.bacterialAnalysis"), report.details.labResults.bacterialAnalysis],
    [w.stacked("coa.section.parasiteCheck"), report.details.labResults.parasiteCheck],
    [w.stacked("coa.section.geneticMarkers"), report.details.labResults.geneticMarkers],
    [w.stacked("coa.section.waterQuality"), report.details.labResults.waterQuality],
    [w.stacked("coa.section.finalReview"), report.details.finalReview],
  ];
  const sectionLabel = w.bilingual
    ? labelColumnWidth(
        doc,
        sections.map(([name]) => name),
        LABEL_STYLE,
        2,
        110,
        170,
      )
    : 110;
  return drawTable(doc, {
    x: PAGE.margin,
    y: bottom + 12,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    columns: [
      { header: "", width: sectionLabel },
      { header: "", width: CONTENT - sectionLabel },
    ],
    rows: sections
      .filter(([, text]) => text.trim() !== "")
      .map(([name, text], index) =>
        index === 0
          ? [label(name), { text, weight: "bold", color: passed ? PASS : FAIL }]
          : [label(name), text],
      ),
  });
}
