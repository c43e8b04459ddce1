import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";
import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import QRCode from "qrcode";

import { displayPhone } from "../lib/phone";

export const LAB = {
  name: "AquaTest Laboratory",
  accreditation: "ISO/IEC 17025:2017 accredited testing laboratory",
  address: "Aquaculture Testing Centre, Bhimavaram, Andhra Pradesh, India",
};

export const verifyUrl = (publicUrl: string, number: string): string =>
  `${publicUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(number)}`;

/** The QR code printed on a certificate: a PNG pointing at the public certificate check. */
export function certificateQr(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: "M", margin: 1, width: 240 });
}

const day = (date: Date) =>
  date.toLocaleDateString("en-IN", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });

/** The certificate of analysis of one report, as an A4 PDF. */
export async function buildReportPdf(input: {
  report: ReportRow;
  sample: SampleRow;
  customer: CustomerRow;
  signatory: string | null;
  publicUrl: string;
}): Promise<Buffer> {
  const { report, sample, customer } = input;
  const doc = new jsPDF({ unit: "mm", format: "a4" });
  const width = doc.internal.pageSize.getWidth();
  const left = 15;
  const number = report.certification;
  doc.setProperties({ title: `Certificate of Analysis ${number ?? `R-${report.id}`}`, author: LAB.name });

  doc.setFont("helvetica", "bold").setFontSize(18).setTextColor(15, 118, 110);
  doc.text(LAB.name, left, 20);
  doc.setFont("helvetica", "normal").setFontSize(9).setTextColor(60, 60, 60);
  doc.text([LAB.accreditation, LAB.address], left, 26);
  doc.setFont("helvetica", "bold").setFontSize(14).setTextColor(0, 0, 0);
  doc.text("Certificate of Analysis", left, 42);
  doc.setFont("helvetica", "normal").setFontSize(10);
  doc.text(
    number ? `Certification No.: ${number}` : `Report No.: R-${report.id} (no certificate: test failed)`,
    left,
    49,
  );
  doc.text(`Issue date: ${day(report.completedAt)}`, left, 55);

  if (number) {
    const qr = await certificateQr(verifyUrl(input.publicUrl, number));
    doc.addImage(new Uint8Array(qr), "PNG", width - 15 - 34, 12, 34, 34);
    doc.setFontSize(7).text("Scan to verify", width - 15 - 17, 49, { align: "center" });
  }

  autoTable(doc, {
    startY: 62,
    theme: "plain",
    styles: { fontSize: 9, cellPadding: 1.2 },
    columnStyles: { 0: { fontStyle: "bold", cellWidth: 38 }, 2: { fontStyle: "bold", cellWidth: 30 } },
    body: [
      ["Customer", customer.fullName, "Sample", `#${sample.id}`],
      ["Company", customer.company ?? "-", "Category", sample.shrimpCategory],
      ["E-mail", customer.email, "Received", day(sample.createdAt)],
      [
        "Sampler",
        `${sample.samplerName} (${displayPhone(sample.phoneNumber)})`,
        "Completed",
        day(report.completedAt),
      ],
      ["Location", sample.samplerLocation || "-", "", ""],
    ],
  });

  const passed = report.result === "success";
  autoTable(doc, {
    head: [["Test", "Result", "Unit", "Limit", "Method", "Verdict"]],
    body: report.tests.map((test) => [
      test.testType,
      test.value,
      test.unit,
      test.limit,
      test.method,
      test.verdict.toUpperCase(),
    ]),
    headStyles: { fillColor: [15, 118, 110] },
    styles: { fontSize: 9 },
    didParseCell: (cell) => {
      if (cell.section === "body" && cell.column.index === 5) {
        cell.cell.styles.textColor = cell.cell.raw === "PASS" ? [21, 128, 61] : [185, 28, 28];
        cell.cell.styles.fontStyle = "bold";
      }
    },
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
  autoTable(doc, {
    theme: "plain",
    styles: { fontSize: 9, cellPadding: 1.2 },
    columnStyles: { 0: { fontStyle: "bold", cellWidth: 38 } },
    body: sections.filter(([, text]) => text.trim() !== "").map(([label, text]) => [label, text]),
  });

  const end = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 14;
  doc.setFontSize(10).setTextColor(0, 0, 0);
  doc.text(`Authorised signatory: ${input.signatory ?? "Laboratory Quality Manager"}`, left, end);
  doc.setFontSize(8).setTextColor(90, 90, 90);
  doc.text(
    [
      "The results relate only to the sample as received. This certificate shall not be reproduced except in full.",
      number ? `Check this certificate at ${verifyUrl(input.publicUrl, number)}` : "",
    ],
    left,
    end + 8,
  );

  if (report.status === "revoked") {
    doc.setFont("helvetica", "bold").setFontSize(60).setTextColor(220, 38, 38);
    doc.text("REVOKED", width / 2, 150, { align: "center", angle: 30 });
    doc.setFont("helvetica", "normal").setFontSize(10);
    doc.text(
      `Revoked on ${report.revokedAt ? day(report.revokedAt) : "-"}: ${report.revokedReason ?? ""}`,
      left,
      end + 20,
    );
  }
  return Buffer.from(doc.output("arraybuffer"));
}
