// Container labels: a QR code holding the label's code (nothing else, so a scan reveals nothing
// without the lab's console), and beside it the sample, the container, the code as text for typing
// by hand, and the lab. One 50 × 25 mm page per label for a thermal printer, or a grid on A4 sheets.
import { LAB_IDENTITY, type LabelFormat } from "@lab/contracts";
import PDFDocument from "pdfkit";

import { documentBytes } from "./document";
import { drawText, type TextStyle } from "./layout";
import { drawQr } from "./report/verify";

export interface LabelFace {
  code: string;
  /** Null for a blank label of an agent's pre-printed stock. */
  sampleId: number | null;
  container: number | null;
  /** How many containers the sample's set has. */
  containers: number | null;
}

const MM = 72 / 25.4;
/** The thermal label: 50 × 25 mm. */
export const LABEL_SIZE = { width: 50 * MM, height: 25 * MM } as const;
const A4 = { width: 595.28, height: 841.89 } as const;
// Four labels across and eleven down an A4 sheet, centred.
const GRID = { columns: 4, rows: 11 } as const;

/** The code in three groups of four, easier to read aloud and to type (spaces are ignored on input). */
export const spacedLabelCode = (code: string): string => code.replace(/(.{4})(?=.)/g, "$1 ");

function drawLabel(doc: PDFKit.PDFDocument, label: LabelFace, x: number, y: number): void {
  const pad = 1.5 * MM;
  const qrSize = LABEL_SIZE.height - 2 * pad;
  drawQr(doc, label.code, x + pad, y + pad, qrSize);
  const textX = x + pad + qrSize + 1 * MM;
  const width = LABEL_SIZE.width - (textX - x) - pad;
  const small: TextStyle = { size: 5.5, color: "#000000" };
  const strong: TextStyle = { size: 7, weight: "bold", color: "#000000" };
  let cursor = y + pad;
  const sample = label.sampleId === null ? "Sample # ______" : `Sample #${label.sampleId}`;
  cursor += drawText(doc, sample, textX, cursor, strong, width);
  const container =
    label.container === null
      ? "Container __ / __"
      : `Container ${label.container}/${label.containers ?? label.container}`;
  cursor += drawText(doc, container, textX, cursor, small, width);
  cursor += drawText(doc, spacedLabelCode(label.code), textX, cursor, { ...strong, size: 6.5 }, width);
  drawText(doc, LAB_IDENTITY.name, textX, cursor, small, width);
}

/** The labels as a PDF: thermal (one label a page) or A4 (sheets of 44, cut lines in light grey). */
export async function renderLabels(labels: readonly LabelFace[], format: LabelFormat): Promise<Buffer> {
  const thermal = format === "thermal";
  const size: [number, number] = thermal ? [LABEL_SIZE.width, LABEL_SIZE.height] : [A4.width, A4.height];
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: "Sample container labels", Author: LAB_IDENTITY.name },
    displayTitle: true,
    lang: "en-IN",
    // No Helvetica: every text names its Noto font.
    font: "",
  });
  const perSheet = GRID.columns * GRID.rows;
  const left = (A4.width - GRID.columns * LABEL_SIZE.width) / 2;
  const top = (A4.height - GRID.rows * LABEL_SIZE.height) / 2;
  labels.forEach((label, index) => {
    if (thermal) {
      doc.addPage({ size, margin: 0 });
      drawLabel(doc, label, 0, 0);
      return;
    }
    const slot = index % perSheet;
    if (slot === 0) doc.addPage({ size, margin: 0 });
    const x = left + (slot % GRID.columns) * LABEL_SIZE.width;
    const y = top + Math.floor(slot / GRID.columns) * LABEL_SIZE.height;
    doc.lineWidth(0.3).rect(x, y, LABEL_SIZE.width, LABEL_SIZE.height).stroke("#cbd5e1");
    drawLabel(doc, label, x, y);
  });
  if (labels.length === 0) doc.addPage({ size, margin: 0 });
  return documentBytes(doc);
}
