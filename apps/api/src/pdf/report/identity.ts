// The top of the first page: who issues the document, what it is and its number, what it certifies,
// when it was issued, and the sample's facts (customer, pond, tests, collection and reception).
import { certificateScope, formatCheckCode, LAB_IDENTITY, marketSummary } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { displayPhone } from "../../lib/phone";
import { localizedList, under } from "../coa-words";
import { drawTable, drawText, labelColumnWidth, type Cell } from "../layout";
import type { PdfReport } from "./input";
import {
  bothDates,
  BOTTOM,
  CONTENT,
  datesUnder,
  day,
  FAIL,
  GREY,
  indiaTime,
  label,
  LABEL_STYLE,
  PAGE,
  PASS,
  QR_SIZE,
  TEAL,
  type Sheet,
} from "./sheet";
import { failingText, marketHeadline, marketNames } from "./verdicts";
import { drawScreeningStanding } from "./screening";
import { drawQr, verifyQrUrl } from "./verify";

export const LAB = LAB_IDENTITY;

/**
 * What the PDF is: only a passed test gets a certificate (a number and a QR code); a failed one is a
 * test report, and its title and file name say so. A pre-harvest sample's is a screening report,
 * numbered the same way.
 */
export function reportPdfTitle(report: Pick<PdfReport, "id" | "certification">, screening = false): string {
  const number = report.certification ?? `R-${report.id}`;
  if (screening) return `Pre-harvest screening report ${number}`;
  return report.certification ? `Certificate of Analysis ${number}` : `Test Report ${number}`;
}

/** The title's message key: what the document is. */
export const titleKey = (sheet: Pick<Sheet, "number" | "input">): MessageKey =>
  sheet.input.screening
    ? "coa.screening.title"
    : sheet.number
      ? "coa.title.certificate"
      : "coa.title.testReport";

export const reportPdfFileName = (report: Pick<PdfReport, "id" | "certification">): string =>
  report.certification ? `${report.certification}.pdf` : `test-report-R-${report.id}.pdf`;

/** The pond's position as printed: "16.5449° N, 81.5212° E". */
export function coordinates(lat: number | null, lng: number | null): string | null {
  if (lat === null || lng === null) return null;
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;
  return `${part(lat, "N", "S")}, ${part(lng, "E", "W")}`;
}

/** The lab, the QR code (a certificate), the title and number, scope, dates and what failed. */
export function drawHeader(sheet: Sheet): number {
  const { doc, w, input, number, certified } = sheet;
  const { report } = input;
  const left = PAGE.margin;
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
  y += drawText(doc, w.inline(titleKey(sheet)), left, y, { size: 16, weight: "bold" }, headerWidth);
  const identity = number
    ? `${w.inline("coa.certificationNo")}: ${number}\n${w.inline("coa.checkCode")}: ${formatCheckCode(report.checkCode)}`
    : `${w.inline("coa.reportNo")}: R-${report.id}. ${w.stacked(certified ? "coa.noMarketPassed" : "coa.testFailedNoCertificate")}`;
  y += drawText(doc, identity, left, y, { size: 10 }, headerWidth);
  // A certificate states exactly which markets it certifies and which it does not.
  if (number && certified) {
    const scope = certificateScope(report.markets, number);
    const scopeLine = (key: MessageKey, codes: readonly string[]) =>
      w.stacked(
        key,
        { markets: marketNames(w, report.markets, codes, false) },
        { markets: marketNames(w, report.markets, codes, true) },
      );
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
  if (input.screening) y = drawScreeningStanding(sheet, input.screening, y, headerWidth);
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
  return y;
}

/** The sample's facts, two a row: label, value, label, value. */
export async function drawFacts(sheet: Sheet, y: number): Promise<number> {
  const { doc, w, input, certified } = sheet;
  const { report, sample, customer } = input;
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
  ];
  // A field agent's collection prints its own block with who, when and the reception check: the
  // facts do not say it twice.
  if (!input.sampling) facts.push([w.stacked("coa.fact.collected"), collection || "—"]);
  if (!input.sampling?.reception)
    facts.push([
      w.stacked("coa.fact.received"),
      input.receivedAt
        ? datesUnder(w, input.receivedAt, indiaTime(input.receivedAt), "dateTime")
        : datesUnder(w, sample.createdAt, day(sample.createdAt), "date"),
    ]);
  if (testPeriod) facts.push([w.stacked("coa.fact.tested"), testPeriod]);
  // A customer who signed up by phone may have no address: the fact is left out, not printed empty.
  if (!certified && customer.email !== null) facts.push([w.stacked("coa.fact.email"), customer.email]);
  const factRows: Cell[][] = [];
  for (let index = 0; index < facts.length; index += 2) {
    const [a, b] = [facts[index], facts[index + 1]];
    factRows.push([label(a?.[0] ?? ""), { text: a?.[1] ?? "" }, label(b?.[0] ?? ""), { text: b?.[1] ?? "" }]);
  }
  // Indian words are longer than the English labels: their column is as wide as the longest word.
  const factLabel = w.bilingual
    ? labelColumnWidth(
        doc,
        facts.map(([name]) => name),
        LABEL_STYLE,
        2,
        62,
        110,
      )
    : 62;
  return drawTable(doc, {
    x: PAGE.margin,
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
}
