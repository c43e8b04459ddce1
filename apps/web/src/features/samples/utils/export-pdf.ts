// The summary as a PDF (spec section 9): landscape A4, the title, the export columns, status cell
// colours. jsPDF and its table plugin are loaded only when a PDF is made.
import type { jsPDF } from "jspdf";

import type { SampleStatus } from "@lab/contracts";

import { EXPORT_COLUMNS, EXPORT_TITLE, type ExportRow } from "./export-samples";

type Rgb = [number, number, number];

export const PDF_STATUS_COLOURS: Record<SampleStatus, { fill: Rgb; text: Rgb }> = {
  PENDING: { fill: [219, 234, 254], text: [30, 58, 138] },
  COLLECTING: { fill: [224, 231, 255], text: [49, 46, 129] },
  COLLECTED: { fill: [254, 249, 195], text: [113, 63, 18] },
  TESTING: { fill: [255, 237, 213], text: [124, 45, 18] },
  COMPLETED: { fill: [220, 252, 231], text: [20, 83, 45] },
};

const STATUS_COLUMN = EXPORT_COLUMNS.indexOf("Status");

export interface PdfMeta {
  typeLabel: string;
  from: string;
  to: string;
  generatedAt: string;
}

export async function buildSummaryPdf(rows: readonly ExportRow[], meta: PdfMeta): Promise<jsPDF> {
  const [{ jsPDF: JsPdf }, { autoTable }] = await Promise.all([import("jspdf"), import("jspdf-autotable")]);
  const doc = new JsPdf({ orientation: "landscape", unit: "mm", format: "a4" });
  doc.setProperties({ title: EXPORT_TITLE });
  doc.setFontSize(18);
  doc.text(EXPORT_TITLE, 14, 16);
  doc.setFontSize(10);
  doc.text(
    `Status: ${meta.typeLabel}   Period: ${meta.from} to ${meta.to}   Samples: ${rows.length}`,
    14,
    23,
  );
  doc.text(`Generated: ${meta.generatedAt}`, 14, 28);
  autoTable(doc, {
    startY: 33,
    head: [[...EXPORT_COLUMNS]],
    body: rows.map((row) => row.cells),
    styles: { fontSize: 8, cellPadding: 1.5, overflow: "linebreak" },
    headStyles: { fillColor: [15, 118, 110], textColor: [255, 255, 255] },
    didParseCell: (data) => {
      if (data.section !== "body" || data.column.index !== STATUS_COLUMN) return;
      const row = rows[data.row.index];
      if (!row) return;
      const colours = PDF_STATUS_COLOURS[row.status];
      data.cell.styles.fillColor = colours.fill;
      data.cell.styles.textColor = colours.text;
      data.cell.styles.fontStyle = "bold";
    },
  });
  return doc;
}
