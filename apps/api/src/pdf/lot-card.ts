// A harvest lot's card (A6): its code large, a QR code of the lot's public page, and what a processor
// reads at the gate. Names in any Indian script print as typed (shaped runs, as on certificates).
import { LAB_IDENTITY } from "@lab/contracts";
import PDFDocument from "pdfkit";

import { documentBytes } from "./document";
import { drawText } from "./layout";
import { drawQr } from "./report/verify";

export interface LotCardFacts {
  code: string;
  farmName: string;
  pondCode: string;
  species: string;
  expectedOn: string;
  quantityKg: number | null;
  buyerName: string | null;
  /** Where the QR code leads: the lot's public page. */
  url: string;
}

/** The code in two groups of five, easier to read aloud and to type. */
export const spacedLotCode = (code: string): string => `${code.slice(0, 5)} ${code.slice(5)}`;

export async function renderLotCard(facts: LotCardFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A6",
    margin: 18,
    info: { Title: `Harvest lot ${facts.code}`, Author: LAB_IDENTITY.name },
    displayTitle: true,
    lang: "en-IN",
    // No Helvetica: every text names its Noto font.
    font: "",
  });
  const margin = 18;
  const width = doc.page.width - margin * 2;
  let y = margin;
  y += drawText(doc, "Harvest lot", margin, y, { size: 10, color: "#475569" }, width);
  y += drawText(doc, spacedLotCode(facts.code), margin, y, { size: 22, weight: "bold" }, width);
  const qrSize = 120;
  drawQr(doc, facts.url, margin + (width - qrSize) / 2, y + 4, qrSize);
  y += qrSize + 12;
  const rows: [string, string][] = [
    ["Farm", facts.farmName],
    ["Pond", facts.pondCode],
    ["Species", facts.species],
    ["Expected harvest", facts.expectedOn],
    ["Quantity", facts.quantityKg === null ? "—" : `${facts.quantityKg} kg`],
    ["Buyer", facts.buyerName ?? "—"],
  ];
  const labelWidth = 80;
  for (const [label, value] of rows) {
    drawText(doc, label, margin, y, { size: 8, color: "#475569" }, labelWidth);
    y += drawText(doc, value, margin + labelWidth, y, { size: 9, weight: "bold" }, width - labelWidth);
  }
  drawText(doc, facts.url, margin, doc.page.height - margin - 14, { size: 6, color: "#475569" }, width);
  return documentBytes(doc);
}
