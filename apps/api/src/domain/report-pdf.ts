import {
  certificateScope,
  failingLines,
  formatCheckCode,
  LAB_DEFAULT_MARKET,
  LAB_IDENTITY,
  resultWithUnit,
  revocationReasonOf,
  type MarketJudgement,
  type ParameterLine,
  type ParameterVerdict,
} from "@lab/contracts";
import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";
import type { MessageKey } from "@lab/i18n";
import QRCode from "qrcode";

import { displayPhone } from "../lib/phone";
import { documentWords, localizedList, under, type DocumentWords } from "../pdf/coa-words";
import { createDocument, documentBytes } from "../pdf/document";
import {
  drawTable,
  drawText,
  labelColumnWidth,
  lineHeight,
  textWidth,
  wrap,
  type Cell,
  type Column,
  type TextStyle,
} from "../pdf/layout";

export const LAB = LAB_IDENTITY;

export const verifyUrl = (publicUrl: string, number: string): string =>
  `${publicUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(number)}`;

/**
 * What the QR code opens: the public check with the certificate's check code, which opens the full
 * results. The code rides in the fragment, which browsers never send: no server or proxy logs it.
 */
export const verifyQrUrl = (publicUrl: string, number: string, checkCode: string): string =>
  `${verifyUrl(publicUrl, number)}#c=${encodeURIComponent(checkCode)}`;

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

const MARKET_MARK = { pass: "✓", fail: "✗", pending: "…" } as const;

/** "EU ✓ · US ✓ · JP ✗": every judged market's verdict on one line, in words and marks. */
export const marketSummary = (markets: readonly MarketJudgement[]): string =>
  markets.map((market) => `${market.code} ${MARKET_MARK[market.verdict]}`).join(" · ");

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
  /** The reviewer who released the report (for a report issued in one step, before results needed a second person: the staff member who issued it). */
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

/** A market's name, and its name in the account's language in brackets when the catalogue has it. */
const marketName = (w: DocumentWords, market: Pick<MarketJudgement, "code" | "name">): string => {
  const local = w.optional(`results.market.${market.code}`);
  return local === null ? market.name : `${market.name} (${local})`;
};

const limitOfDetection = (line: ParameterLine): string => {
  if (line.lod === null && line.loq === null) return "—";
  return `${line.lod ?? "—"} / ${line.loq ?? "—"}`;
};

/** The result table: the parameter's columns, then a limit and verdict pair per market. */
function resultTables(
  doc: PDFKit.PDFDocument,
  report: ReportRow,
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
      const result = line.result?.display ?? "—";
      // The catalogue's name in the account's language under the English one (a parameter the lab
      // created itself has none: English only).
      const name = under(line.name, w.optional(`results.param.${line.code}`));
      const cells: Cell[] = first
        ? [
            { text: name },
            { text: line.method },
            { text: line.unit ?? "—" },
            { text: limitOfDetection(line) },
            { text: result, weight: "bold" },
          ]
        : [{ text: name }, { text: result, weight: "bold" }];
      for (const market of chunk) {
        const judged = line.markets.find((entry) => entry.code === market.code);
        cells.push({ text: judged?.limitText ?? "—" }, verdictCell(w, judged?.verdict ?? "no_limit"));
      }
      return cells;
    });
    const caption = first
      ? w.inline("coa.results")
      : `${w.inline("coa.resultsContinued")}: ${chunk.map((market) => marketName(w, market)).join(", ")}`;
    return { caption, columns, rows };
  });
}

/** A date as the lab writes it, and in the account's language in brackets (India time both). */
function bothDates(w: DocumentWords, date: Date, english: string, style: "date" | "dateTime"): string {
  const local = w.date(date, style);
  return local === null ? english : `${english} (${local})`;
}

/** A date in English, and under it in the account's language (narrow table cells). */
function datesUnder(w: DocumentWords, date: Date, english: string, style: "date" | "dateTime"): string {
  return under(english, w.date(date, style));
}

/** The certificate of analysis of one report (or, for a failed test, its test report), as an A4 PDF. */
export async function buildReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { report, sample, customer } = input;
  // English headings always; the account's language beside them (stored once at release).
  const w = documentWords(customer.language);
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
    const stamp = { size: 80, weight: "bold", color: "#fca5a5" } as const;
    drawText(doc, w.en("coa.revoked.stamp"), 0, PAGE.height / 2 - 50, stamp, PAGE.width, "center");
    const localStamp = w.local("coa.revoked.stamp");
    if (localStamp !== null)
      drawText(doc, localStamp, 0, PAGE.height / 2 + 60, { ...stamp, size: 48 }, PAGE.width, "center");
    doc.restore();
  }

  const headerWidth = number ? CONTENT - QR_SIZE - 12 : CONTENT;
  let y = PAGE.margin;
  y += drawText(doc, LAB.name, left, y, { size: 18, weight: "bold", color: TEAL }, headerWidth);
  y += drawText(doc, `${LAB.accreditation}\n${LAB.address}`, left, y, { size: 9, color: GREY }, headerWidth);

  // The QR code and its caption reach this far down on the first page.
  let qrBottom = 0;
  if (number) {
    const qrX = PAGE.width - PAGE.margin - QR_SIZE;
    drawQr(doc, verifyQrUrl(input.publicUrl, number, report.checkCode), qrX, PAGE.margin - 4, QR_SIZE);
    qrBottom =
      PAGE.margin +
      QR_SIZE -
      4 +
      drawText(
        doc,
        w.stacked("coa.scanToVerify"),
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
    w.inline(number ? "coa.title.certificate" : "coa.title.testReport"),
    left,
    y,
    { size: 16, weight: "bold" },
    headerWidth,
  );
  const identity = number
    ? `${w.inline("coa.certificationNo")}: ${number}\n${w.inline("coa.checkCode")}: ${formatCheckCode(report.checkCode)}`
    : `${w.inline("coa.reportNo")}: R-${report.id}. ${w.stacked(certified ? "coa.noMarketPassed" : "coa.testFailedNoCertificate")}`;
  y += drawText(doc, identity, left, y, { size: 10 }, headerWidth);
  // A certificate states exactly which markets it certifies and which it does not.
  const scope = certificateScope(report.markets, number);
  const scoped = (codes: readonly string[]) => report.markets.filter((market) => codes.includes(market.code));
  const namesOf = (codes: readonly string[], local: boolean) =>
    scoped(codes)
      .map((market) => {
        const name = local ? (w.optional(`results.market.${market.code}`) ?? market.name) : market.name;
        return market.code === LAB_DEFAULT_MARKET ? name : `${name} (${market.code})`;
      })
      .join(", ");
  if (number && certified) {
    const scopeLine = (key: MessageKey, codes: readonly string[]) =>
      w.stacked(key, { markets: namesOf(codes, false) }, { markets: namesOf(codes, true) });
    y +=
      drawText(
        doc,
        scopeLine("coa.certifies", scope.certified),
        left,
        y + 2,
        { size: 10, weight: "bold", color: PASS },
        headerWidth,
      ) + 2;
    if (scope.notCertified.length > 0)
      y += drawText(
        doc,
        scopeLine("coa.doesNotCertify", scope.notCertified),
        left,
        y,
        { size: 10, weight: "bold", color: FAIL },
        headerWidth,
      );
  }
  const issued = certified
    ? bothDates(w, report.completedAt, indiaTime(report.completedAt), "dateTime")
    : bothDates(w, report.completedAt, day(report.completedAt), "date");
  y += drawText(doc, `${w.inline("coa.issued")}: ${issued}`, left, y, { size: 10 }, headerWidth);
  if (input.replaces) {
    y += drawText(
      doc,
      w.stacked(number ? "coa.replaces.certificate" : "coa.replaces.report", { number: input.replaces }),
      left,
      y,
      { size: 10, weight: "bold", color: FAIL },
      headerWidth,
    );
  }
  if (certified) {
    // The verdicts at a glance, by market; the table below gives each parameter's.
    y += drawText(
      doc,
      `${marketSummary(report.markets)} — ${marketHeadline(w, report.markets)}`,
      left,
      y + 2,
      { size: 11, weight: "bold", color: report.result === "success" ? PASS : FAIL },
      headerWidth,
    );
  }
  if (number) y = Math.max(y, PAGE.margin + QR_SIZE + 8, qrBottom + 4);
  // What failed, on the first page: each parameter outside a limit, its result and the limit.
  const failing = certified ? failingText(w, report.parameters) : [];
  if (failing.length > 0) {
    y += 4;
    y += drawText(
      doc,
      w.inline("coa.failing.title"),
      left,
      y,
      { size: 10, weight: "bold", color: FAIL },
      CONTENT,
    );
    y += drawText(doc, failing.join("\n"), left, y, { size: 10, color: FAIL }, CONTENT);
  }

  const place = [coordinates(sample.lat, sample.lng), sample.samplerLocation || null]
    .filter((part) => part !== null)
    .join("\n");
  const testPeriod =
    report.testingStartedAt && report.analysedAt
      ? under(
          `${indiaTime(report.testingStartedAt)} – ${indiaTime(report.analysedAt)}`,
          w.bilingual
            ? `${w.date(report.testingStartedAt, "dateTime") ?? ""} – ${w.date(report.analysedAt, "dateTime") ?? ""}`
            : null,
        )
      : null;
  const collection = [
    input.agent ?? null,
    input.collectedAt ? datesUnder(w, input.collectedAt, indiaTime(input.collectedAt), "dateTime") : null,
  ]
    .filter((part) => part !== null)
    .join(", ");
  const category = under(
    `#${sample.id} · ${sample.shrimpCategory}`,
    w.optional(`domain.category.${sample.shrimpCategory}`),
  );
  const testTypes = sample.testTypes.length > 0 ? sample.testTypes : [sample.shrimpSubCategory];
  const tests = under(
    sample.testTypes.join(", ") || sample.shrimpSubCategory || "—",
    localizedList(
      w,
      "domain.testType.",
      testTypes.filter((type) => type !== ""),
    ),
  );
  const facts: [string, string][] = [
    [w.stacked("coa.fact.customer"), customer.fullName],
    [w.stacked("coa.fact.company"), customer.company ?? "—"],
    [w.stacked("coa.fact.provider"), `${sample.samplerName} (${displayPhone(sample.phoneNumber)})`],
    [w.stacked("coa.fact.pond"), place || "—"],
    [w.stacked("coa.fact.sample"), category],
    [w.stacked("coa.fact.tests"), tests],
    [w.stacked("coa.fact.collected"), collection || "—"],
    [
      w.stacked("coa.fact.received"),
      input.receivedAt
        ? datesUnder(w, input.receivedAt, indiaTime(input.receivedAt), "dateTime")
        : datesUnder(w, sample.createdAt, day(sample.createdAt), "date"),
    ],
  ];
  if (testPeriod) facts.push([w.stacked("coa.fact.tested"), testPeriod]);
  if (!certified) facts.push([w.stacked("coa.fact.email"), customer.email]);
  // Two facts a row: label, value, label, value.
  const factRows: Cell[][] = [];
  for (let index = 0; index < facts.length; index += 2) {
    const [a, b] = [facts[index], facts[index + 1]];
    factRows.push([label(a?.[0] ?? ""), { text: a?.[1] ?? "" }, label(b?.[0] ?? ""), { text: b?.[1] ?? "" }]);
  }
  // Indian words are longer than the English labels: their column is as wide as the longest word.
  const labelStyle: TextStyle = { size: 9, weight: "bold" };
  const factLabel = w.bilingual
    ? labelColumnWidth(
        doc,
        facts.map(([name]) => name),
        labelStyle,
        2,
        62,
        110,
      )
    : 62;
  y = await drawTable(doc, {
    x: left,
    y: y + 8,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    columns: [
      { header: "", width: factLabel },
      { header: "", width: CONTENT / 2 - factLabel },
      { header: "", width: factLabel },
      { header: "", width: CONTENT / 2 - factLabel },
    ],
    rows: factRows,
  });

  const caption = (text: string): { text: string; style: TextStyle } => ({
    text,
    style: { size: 11, weight: "bold", color: TEAL },
  });
  const passed = report.result === "success";
  const sideLabel = w.bilingual
    ? labelColumnWidth(
        doc,
        [w.stacked("coa.markets"), w.stacked("coa.overallResult"), w.stacked("coa.remarks")],
        labelStyle,
        2,
        90,
        150,
      )
    : 90;

  if (certified) {
    for (const table of resultTables(doc, report, w)) {
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
                  { certified: namesOf(scope.certified, false), failed: namesOf(scope.notCertified, false) },
                  { certified: namesOf(scope.certified, true), failed: namesOf(scope.notCertified, true) },
                ),
          weight: "bold",
          color: passed ? PASS : FAIL,
        },
      ],
    ];
    if (report.remarks) summaryRows.push([label(w.stacked("coa.remarks")), { text: report.remarks }]);
    y = await drawTable(doc, {
      x: left,
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
  } else {
    y = await drawTable(doc, {
      x: left,
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
          labelStyle,
          2,
          110,
          170,
        )
      : 110;
    y = await drawTable(doc, {
      x: left,
      y: y + 12,
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

  const notes = certified
    ? [
        `${w.inline("coa.analysedBy")}: ${input.analyst ?? "—"}${report.analysedAt ? `, ${bothDates(w, report.analysedAt, indiaTime(report.analysedAt), "dateTime")}` : ""}`,
        `${w.inline("coa.reviewedBy")}: ${input.signatory ?? "—"}, ${bothDates(w, report.completedAt, indiaTime(report.completedAt), "dateTime")}`,
      ]
    : [`${w.inline("coa.authorisedSignatory")}: ${input.signatory ?? w.inline("coa.qualityManager")}`];
  if (revoked) {
    const on = report.revokedAt ? day(report.revokedAt) : "-";
    const localOn = report.revokedAt ? (w.date(report.revokedAt, "date") ?? on) : on;
    // The reason from the fixed list: staff's internal note (revokedReason) stays in the lab.
    const reason = w.inline(`domain.revocationReason.${revocationReasonOf(report.revokedReasonCode)}`);
    notes.push(`${w.inline("coa.revoked.on", { date: on }, { date: localOn })}: ${reason}`);
  }
  const small = [
    w.stacked(number ? "coa.smallPrint.certificate" : "coa.smallPrint.report"),
    number ? w.stacked("coa.checkAt", { url: verifyUrl(input.publicUrl, number) }) : "",
    number ? w.stacked("coa.checkCodeHint") : "",
  ].filter((line) => line !== "");
  const noteStyle: TextStyle = { size: 10, color: revoked ? FAIL : "#000000" };
  const smallStyle: TextStyle = { size: 8, color: GREY };
  // The signatures and the small print stay together.
  const noteLines = notes.reduce((sum, note) => sum + wrap(doc, note, noteStyle, CONTENT).length, 0);
  const smallLines = small.reduce((sum, line) => sum + wrap(doc, line, smallStyle, CONTENT).length, 0);
  if (
    y + 18 + (noteLines + 1) * lineHeight(noteStyle) + Math.max(smallLines + 1, 3) * lineHeight(smallStyle) >
    BOTTOM
  ) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 18;
  y += drawText(doc, notes.join("\n"), left, y, noteStyle, CONTENT);
  drawText(doc, small.join("\n"), left, y + 6, smallStyle, CONTENT);

  // Every page says which document it belongs to, where it stands, and that it is valid only whole.
  const { start, count } = doc.bufferedPageRange();
  const footerStyle: TextStyle = { size: 7, color: GREY };
  const localTitle = w.local(number ? "coa.title.certificate" : "coa.title.testReport");
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const footerY = PAGE.height - PAGE.margin + 10;
    drawText(doc, w.stacked("coa.footer.notReproduced"), left, footerY, footerStyle, CONTENT / 2);
    const pageValues = { page: page - start + 1, count };
    const footer = under(
      `${reportPdfTitle(report)} · ${w.en("coa.footer.page", pageValues)}`,
      localTitle === null
        ? null
        : `${localTitle} ${number ?? `R-${report.id}`} · ${w.local("coa.footer.page", pageValues) ?? ""}`,
    );
    drawText(doc, footer, left + CONTENT / 2, footerY, footerStyle, CONTENT / 2, "right");
  }
  return documentBytes(doc);
}
