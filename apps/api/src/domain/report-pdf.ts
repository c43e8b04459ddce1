import {
  LAB_IDENTITY,
  type MarketJudgement,
  type ParameterLine,
  type ParameterVerdict,
} from "@lab/contracts";
import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";
import QRCode from "qrcode";

import { displayPhone } from "../lib/phone";
import { createDocument, documentBytes } from "../pdf/document";
import { drawTable, drawText, lineHeight, type Cell, type Column, type TextStyle } from "../pdf/layout";

export const LAB = LAB_IDENTITY;

export const verifyUrl = (publicUrl: string, number: string): string =>
  `${publicUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(number)}`;

/** The QR code printed on a certificate, pointing at the public certificate check: its dark modules. */
export function certificateQr(url: string): { size: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (row, column) => modules.data[row * modules.size + column] === 1 };
}

/**
 * What the PDF is: only a passed test gets a certificate (a number and a QR code); a failed one is a
 * test report, and its title and file name say so.
 */
export const reportPdfTitle = (report: Pick<ReportRow, "id" | "certification">): string =>
  report.certification ? `Certificate of Analysis ${report.certification}` : `Test Report R-${report.id}`;

export const reportPdfFileName = (report: Pick<ReportRow, "id" | "certification">): string =>
  report.certification ? `${report.certification}.pdf` : `test-report-R-${report.id}.pdf`;

/** The QR code as vector squares: sharp at any print size, and no PNG to encode and decode each time. */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const qr = certificateQr(url);
  // One module of quiet zone on each side.
  const cell = size / (qr.size + 2);
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < qr.size; row += 1) {
    // A run of dark modules in a row is one rectangle: a third of the path to write.
    let column = 0;
    while (column < qr.size) {
      if (!qr.dark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < qr.size && qr.dark(row, column)) column += 1;
      doc.rect(x + (start + 1) * cell, y + (row + 1) * cell, (column - start) * cell, cell);
    }
  }
  doc.fill("#000000");
}

const day = (date: Date) =>
  date.toLocaleDateString("en-IN", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });

/** A date and time as the lab's staff read it: India time, 24-hour clock. */
export const indiaTime = (date: Date): string =>
  `${day(date)}, ${date.toLocaleTimeString("en-IN", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Asia/Kolkata",
  })} IST`;

/** The pond's position as printed: "16.5449° N, 81.5212° E". */
export function coordinates(lat: number | null, lng: number | null): string | null {
  if (lat === null || lng === null) return null;
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;
  return `${part(lat, "N", "S")}, ${part(lng, "E", "W")}`;
}

const VERDICT_TEXT: Record<ParameterVerdict, string> = {
  pass: "✓ Pass",
  fail: "✗ Fail",
  no_limit: "—",
  pending: "Pending",
};
const MARKET_MARK = { pass: "✓", fail: "✗", pending: "…" } as const;

/** "EU ✓ · US ✓ · JP ✗": every judged market's verdict on one line, in words and marks. */
export const marketSummary = (markets: readonly MarketJudgement[]): string =>
  markets.map((market) => `${market.code} ${MARKET_MARK[market.verdict]}`).join(" · ");

const TEAL = "#0f766e";
const GREY = "#4b5563";
const PASS = "#15803d";
const FAIL = "#b91c1c";

// A4 in points, 40 pt margins; the footer sits in the bottom margin.
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 6;
const QR_SIZE = 92;
// Up to three markets side by side in the result table; more go to a further table.
const MARKETS_PER_TABLE = 3;

/** A specification version a report was judged against, as the certificate cites it. */
export interface SpecCitation {
  market: string;
  name: string;
  version: number;
  effectiveFrom: string;
  reference: string;
}

export interface ReportPdfInput {
  report: ReportRow;
  sample: SampleRow;
  customer: CustomerRow;
  /** The reviewer who released the report (before issue 16: the staff member who issued it). */
  signatory: string | null;
  publicUrl: string;
  /** The analyst who entered the results. */
  analyst?: string | null;
  /** The field agent who collected the sample, and when (its move to COLLECTED). */
  agent?: string | null;
  collectedAt?: Date | null;
  /** When the lab received it (its move to TESTING). */
  receivedAt?: Date | null;
  specVersions?: readonly SpecCitation[];
  /** The number of the revoked report this one replaces ("NSP-CERT-…" or "R-12"). */
  replaces?: string | null;
}

const label = (text: string): Cell => ({ text, weight: "bold" });
const verdictCell = (verdict: ParameterVerdict): Cell => ({
  text: VERDICT_TEXT[verdict],
  weight: verdict === "fail" ? "bold" : "regular",
  color: verdict === "pass" ? PASS : verdict === "fail" ? FAIL : GREY,
});

const limitOfDetection = (line: ParameterLine): string => {
  if (line.lod === null && line.loq === null) return "—";
  return `${line.lod ?? "—"} / ${line.loq ?? "—"}`;
};

/** The result table: the parameter's columns, then a limit and verdict pair per market. */
function resultTables(report: ReportRow): { caption: string; columns: Column[]; rows: Cell[][] }[] {
  const markets = report.markets;
  const chunks: MarketJudgement[][] = [];
  for (let index = 0; index < markets.length; index += MARKETS_PER_TABLE)
    chunks.push(markets.slice(index, index + MARKETS_PER_TABLE));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((chunk, chunkIndex) => {
    const first = chunkIndex === 0;
    // The first table has the method and detection limits; a further one only repeats what identifies the line.
    const base: Column[] = first
      ? [
          { header: "Parameter", width: 100 },
          { header: "Method", width: 60 },
          { header: "Unit", width: 36 },
          { header: "LOD / LOQ", width: 42 },
          { header: "Result", width: 58 },
        ]
      : [
          { header: "Parameter", width: 130 },
          { header: "Result", width: 70 },
        ];
    const baseWidth = base.reduce((sum, column) => sum + column.width, 0);
    const perMarket = (CONTENT - baseWidth) / Math.max(chunk.length, 1);
    const verdictWidth = Math.min(44, perMarket * 0.42);
    const columns: Column[] = [
      ...base,
      ...chunk.flatMap((market) => [
        { header: `${market.code} limit`, width: perMarket - verdictWidth },
        { header: market.code, width: verdictWidth },
      ]),
    ];
    const rows = report.parameters.map((line) => {
      const result = line.result?.display ?? "—";
      const cells: Cell[] = first
        ? [
            { text: line.name },
            { text: line.method },
            { text: line.unit ?? "—" },
            { text: limitOfDetection(line) },
            { text: result, weight: "bold" },
          ]
        : [{ text: line.name }, { text: result, weight: "bold" }];
      for (const market of chunk) {
        const judged = line.markets.find((entry) => entry.code === market.code);
        cells.push({ text: judged?.limitText ?? "—" }, verdictCell(judged?.verdict ?? "no_limit"));
      }
      return cells;
    });
    const caption = first
      ? "Results"
      : `Results (continued): ${chunk.map((market) => market.name).join(", ")}`;
    return { caption, columns, rows };
  });
}

/** The certificate of analysis of one report (or, for a failed test, its test report), as an A4 PDF. */
export async function buildReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { report, sample, customer } = input;
  const number = report.certification;
  const doc = createDocument({
    title: reportPdfTitle(report),
    author: LAB.name,
    margin: PAGE.margin,
    bufferPages: true,
  });
  const left = PAGE.margin;
  // Only a report rendered after its revocation (one issued before documents were stored) says so:
  // a stored document is the one issued, and the public check tells whether it still stands.
  const revoked = report.status === "revoked";
  // Reports issued before certified results have free-text lines and no parameter table.
  const certified = report.parameters.length > 0;

  if (revoked) {
    // Behind everything on the first page, across it.
    doc.save();
    doc.rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] });
    drawText(
      doc,
      "REVOKED",
      0,
      PAGE.height / 2 - 50,
      { size: 80, weight: "bold", color: "#fca5a5" },
      PAGE.width,
      "center",
    );
    doc.restore();
  }

  const headerWidth = number ? CONTENT - QR_SIZE - 12 : CONTENT;
  let y = PAGE.margin;
  y += drawText(doc, LAB.name, left, y, { size: 18, weight: "bold", color: TEAL }, headerWidth);
  y += drawText(doc, `${LAB.accreditation}\n${LAB.address}`, left, y, { size: 9, color: GREY }, headerWidth);

  if (number) {
    const qrX = PAGE.width - PAGE.margin - QR_SIZE;
    drawQr(doc, verifyUrl(input.publicUrl, number), qrX, PAGE.margin - 4, QR_SIZE);
    drawText(
      doc,
      "Scan to verify",
      qrX,
      PAGE.margin + QR_SIZE - 4,
      { size: 7, color: GREY },
      QR_SIZE,
      "center",
    );
  }

  y += 10;
  y += drawText(
    doc,
    number ? "Certificate of Analysis" : "Test Report",
    left,
    y,
    { size: 16, weight: "bold" },
    headerWidth,
  );
  const identity = number
    ? `Certification No.: ${number}`
    : `Report No.: R-${report.id}. The test failed: no certificate of analysis is issued for this sample.`;
  y += drawText(doc, identity, left, y, { size: 10 }, headerWidth);
  y += drawText(
    doc,
    `Issued: ${certified ? indiaTime(report.completedAt) : day(report.completedAt)}`,
    left,
    y,
    { size: 10 },
    headerWidth,
  );
  if (input.replaces) {
    y += drawText(
      doc,
      `Replaces ${input.replaces}, which was revoked. This ${number ? "certificate" : "report"} supersedes it.`,
      left,
      y,
      { size: 10, weight: "bold", color: FAIL },
      headerWidth,
    );
  }
  if (certified) {
    // The verdicts at a glance; the table below gives each parameter's.
    y += drawText(
      doc,
      `${marketSummary(report.markets)} — ${report.result === "success" ? "Passed" : "Failed"}`,
      left,
      y + 2,
      { size: 11, weight: "bold", color: report.result === "success" ? PASS : FAIL },
      headerWidth,
    );
  }
  if (number) y = Math.max(y, PAGE.margin + QR_SIZE + 8);

  const place = [coordinates(sample.lat, sample.lng), sample.samplerLocation || null]
    .filter((part) => part !== null)
    .join("\n");
  const testPeriod =
    report.testingStartedAt && report.analysedAt
      ? `${indiaTime(report.testingStartedAt)} – ${indiaTime(report.analysedAt)}`
      : null;
  const collection = [input.agent ?? null, input.collectedAt ? indiaTime(input.collectedAt) : null]
    .filter((part) => part !== null)
    .join(", ");
  const facts: [string, string][] = [
    ["Customer", customer.fullName],
    ["Company", customer.company ?? "—"],
    ["Provider", `${sample.samplerName} (${displayPhone(sample.phoneNumber)})`],
    ["Pond", place || "—"],
    ["Sample", `#${sample.id} · ${sample.shrimpCategory}`],
    ["Tests", sample.testTypes.join(", ") || sample.shrimpSubCategory || "—"],
    ["Collected", collection || "—"],
    ["Received", input.receivedAt ? indiaTime(input.receivedAt) : day(sample.createdAt)],
  ];
  if (testPeriod) facts.push(["Tested", testPeriod]);
  if (!certified) facts.push(["E-mail", customer.email]);
  // Two facts a row: label, value, label, value.
  const factRows: Cell[][] = [];
  for (let index = 0; index < facts.length; index += 2) {
    const [a, b] = [facts[index], facts[index + 1]];
    factRows.push([label(a?.[0] ?? ""), { text: a?.[1] ?? "" }, label(b?.[0] ?? ""), { text: b?.[1] ?? "" }]);
  }
  y = await drawTable(doc, {
    x: left,
    y: y + 8,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    columns: [
      { header: "", width: 62 },
      { header: "", width: CONTENT / 2 - 62 },
      { header: "", width: 62 },
      { header: "", width: CONTENT / 2 - 62 },
    ],
    rows: factRows,
  });

  const caption = (text: string): { text: string; style: TextStyle } => ({
    text,
    style: { size: 11, weight: "bold", color: TEAL },
  });
  const passed = report.result === "success";

  if (certified) {
    for (const table of resultTables(report)) {
      y = await drawTable(doc, {
        x: left,
        y: y + 12,
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

    const summaryRows: Cell[][] = [
      [
        label("Markets"),
        {
          text: report.markets
            .map(
              (market) =>
                `${market.name} ${MARKET_MARK[market.verdict]} ${market.verdict === "pass" ? "Pass" : market.verdict === "fail" ? "Fail" : "Pending"}`,
            )
            .join(" · "),
        },
      ],
      [
        label("Overall result"),
        {
          text: passed
            ? "Passed: every result meets the limits of every judged market"
            : "Failed: a result exceeds a limit of a judged market",
          weight: "bold",
          color: passed ? PASS : FAIL,
        },
      ],
    ];
    if (report.remarks) summaryRows.push([label("Remarks"), { text: report.remarks }]);
    y = await drawTable(doc, {
      x: left,
      y: y + 10,
      top: PAGE.margin,
      bottom: BOTTOM,
      header: false,
      padding: 2,
      columns: [
        { header: "", width: 90 },
        { header: "", width: CONTENT - 90 },
      ],
      rows: summaryRows,
    });

    const specs = input.specVersions ?? [];
    if (specs.length > 0) {
      y = await drawTable(doc, {
        x: left,
        y: y + 12,
        top: PAGE.margin,
        bottom: BOTTOM,
        size: 8,
        padding: 2.5,
        header: { fill: "#e5e7eb", color: "#111827" },
        rules: true,
        caption: caption("Specifications judged against"),
        columns: [
          { header: "Market", width: 120 },
          { header: "Version", width: 50 },
          { header: "In force from", width: 75 },
          { header: "Reference", width: CONTENT - 245 },
        ],
        rows: specs.map((spec) => [
          { text: `${spec.name} (${spec.market})` },
          { text: `v${spec.version}` },
          { text: spec.effectiveFrom },
          { text: spec.reference },
        ]),
      });
    }
  } else {
    y = await drawTable(doc, {
      x: left,
      y: y + 12,
      top: PAGE.margin,
      bottom: BOTTOM,
      header: { fill: TEAL, color: "#ffffff" },
      rules: true,
      columns: [
        { header: "Test", width: 120 },
        { header: "Result", width: 85 },
        { header: "Unit", width: 55 },
        { header: "Limit", width: 85 },
        { header: "Method", width: 110 },
        { header: "Verdict", width: CONTENT - 455 },
      ],
      rows: report.tests.map((test) => [
        test.testType,
        test.value,
        test.unit,
        test.limit,
        test.method,
        { text: test.verdict.toUpperCase(), weight: "bold", color: test.verdict === "pass" ? PASS : FAIL },
      ]),
    });

    const sections: [string, string][] = [
      ["Overall result", passed ? "Test Passed" : "Test Failed"],
      ["Initial inspection", report.details.initialInspection],
      ["Viral screening", report.details.labResults.viralScreening],
      ["Bacterial analysis", report.details.labResults.bacterialAnalysis],
      ["Parasite check", report.details.labResults.parasiteCheck],
      ["Genetic markers", report.details.labResults.geneticMarkers],
      ["Water quality", report.details.labResults.waterQuality],
      ["Final review", report.details.finalReview],
    ];
    y = await drawTable(doc, {
      x: left,
      y: y + 12,
      top: PAGE.margin,
      bottom: BOTTOM,
      header: false,
      padding: 2,
      columns: [
        { header: "", width: 110 },
        { header: "", width: CONTENT - 110 },
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

  const notes = certified
    ? [
        `Analysed by: ${input.analyst ?? "—"}${report.analysedAt ? `, ${indiaTime(report.analysedAt)}` : ""}`,
        `Reviewed and released by: ${input.signatory ?? "—"}, ${indiaTime(report.completedAt)}`,
      ]
    : [`Authorised signatory: ${input.signatory ?? "Laboratory Quality Manager"}`];
  if (revoked)
    notes.push(`Revoked on ${report.revokedAt ? day(report.revokedAt) : "-"}: ${report.revokedReason ?? ""}`);
  const small = [
    `The results relate only to the sample as received. This ${number ? "certificate" : "report"} shall not be reproduced except in full.`,
    number ? `Check this certificate at ${verifyUrl(input.publicUrl, number)}` : "",
  ].filter((line) => line !== "");
  const noteStyle: TextStyle = { size: 10, color: revoked ? FAIL : "#000000" };
  // The signatures and the small print stay together.
  if (y + 18 + (notes.length + 1) * lineHeight(noteStyle) + 3 * lineHeight({ size: 8 }) > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 18;
  y += drawText(doc, notes.join("\n"), left, y, noteStyle, CONTENT);
  drawText(doc, small.join("\n"), left, y + 6, { size: 8, color: GREY }, CONTENT);

  // Every page says which document it belongs to, where it stands, and that it is valid only whole.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const footerY = PAGE.height - PAGE.margin + 10;
    drawText(
      doc,
      "Not to be reproduced except in full",
      left,
      footerY,
      { size: 7, color: GREY },
      CONTENT / 2,
    );
    const footer = `${reportPdfTitle(report)} · Page ${page - start + 1} of ${count}`;
    drawText(doc, footer, left, footerY, { size: 7, color: GREY }, CONTENT, "right");
  }
  return documentBytes(doc);
}
