import { LAB_IDENTITY } from "@lab/contracts";
import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";
import QRCode from "qrcode";

import { displayPhone } from "../lib/phone";
import { createDocument, documentBytes } from "../pdf/document";
import { drawTable, drawText, type Cell } from "../pdf/layout";

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
    for (let column = 0; column < qr.size; column += 1) {
      if (qr.dark(row, column)) doc.rect(x + (column + 1) * cell, y + (row + 1) * cell, cell, cell);
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

const TEAL = "#0f766e";
const GREY = "#4b5563";
const PASS = "#15803d";
const FAIL = "#b91c1c";

// A4 in points, 40 pt margins.
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const QR_SIZE = 92;

/** The certificate of analysis of one report (or, for a failed test, its test report), as an A4 PDF. */
export async function buildReportPdf(input: {
  report: ReportRow;
  sample: SampleRow;
  customer: CustomerRow;
  signatory: string | null;
  publicUrl: string;
}): Promise<Buffer> {
  const { report, sample, customer } = input;
  const number = report.certification;
  const doc = createDocument({
    title: reportPdfTitle(report),
    author: LAB.name,
    margin: PAGE.margin,
    bufferPages: true,
  });
  const left = PAGE.margin;
  const revoked = report.status === "revoked";

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

  y = Math.max(y + 14, number ? PAGE.margin + QR_SIZE + 10 : 0);
  y += drawText(
    doc,
    number ? "Certificate of Analysis" : "Test Report",
    left,
    y,
    { size: 16, weight: "bold" },
    CONTENT,
  );
  const identity = number
    ? `Certification No.: ${number}`
    : `Report No.: R-${report.id}. The test failed: no certificate of analysis is issued for this sample.`;
  y += drawText(doc, identity, left, y, { size: 10 }, CONTENT);
  y += drawText(doc, `Issue date: ${day(report.completedAt)}`, left, y, { size: 10 }, CONTENT);

  const label = (text: string): Cell => ({ text, weight: "bold" });
  y = await drawTable(doc, {
    x: left,
    y: y + 8,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    columns: [
      { header: "", width: 80 },
      { header: "", width: CONTENT / 2 - 80 },
      { header: "", width: 70 },
      { header: "", width: CONTENT / 2 - 70 },
    ],
    rows: [
      [label("Customer"), customer.fullName, label("Sample"), `#${sample.id}`],
      [label("Company"), customer.company ?? "-", label("Category"), sample.shrimpCategory],
      [label("E-mail"), customer.email, label("Received"), day(sample.createdAt)],
      [
        label("Sampler"),
        `${sample.samplerName} (${displayPhone(sample.phoneNumber)})`,
        label("Completed"),
        day(report.completedAt),
      ],
      [label("Location"), sample.samplerLocation || "-", label("Tests"), sample.shrimpSubCategory || "-"],
    ],
  });

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

  const passed = report.result === "success";
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

  const notes = [
    `Authorised signatory: ${input.signatory ?? "Laboratory Quality Manager"}`,
    revoked
      ? `Revoked on ${report.revokedAt ? day(report.revokedAt) : "-"}: ${report.revokedReason ?? ""}`
      : "",
  ].filter((line) => line !== "");
  const small = [
    `The results relate only to the sample as received. This ${number ? "certificate" : "report"} shall not be reproduced except in full.`,
    number ? `Check this certificate at ${verifyUrl(input.publicUrl, number)}` : "",
  ].filter((line) => line !== "");
  if (y + 90 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 18;
  y += drawText(doc, notes.join("\n"), left, y, { size: 10, color: revoked ? FAIL : "#000000" }, CONTENT);
  drawText(doc, small.join("\n"), left, y + 6, { size: 8, color: GREY }, CONTENT);

  // Every page says which document it belongs to and where it stands (a report is valid only whole).
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const footer = `${reportPdfTitle(report)} · Page ${page - start + 1} of ${count}`;
    drawText(doc, footer, left, PAGE.height - PAGE.margin + 10, { size: 7, color: GREY }, CONTENT, "right");
  }
  return documentBytes(doc);
}
