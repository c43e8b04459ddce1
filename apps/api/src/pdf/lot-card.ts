// A harvest lot's card (A6): its code large, a QR code of the lot's public page, and what a processor
// reads at the gate, labelled in English and the reader's language. Names in any Indian script print
// as typed (shaped runs, as on certificates).
import { LAB_IDENTITY } from "@lab/contracts";
import PDFDocument from "pdfkit";

import { documentWords } from "./coa-words";
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
  /** The language printed beside English (an account's stored language; anything else: English only). */
  language: unknown;
}

/** The code in two groups of five, easier to read aloud and to type. */
export const spacedLotCode = (code: string): string => `${code.slice(0, 5)} ${code.slice(5)}`;

export async function renderLotCard(facts: LotCardFacts): Promise<Buffer> {
  const w = documentWords(facts.language);
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
  const muted = { size: 8, color: "#475569" };
  let y = margin;
  y += drawText(doc, w.inline("coa.lotCard.title"), margin, y, { size: 10, color: "#475569" }, width);
  y += drawText(doc, spacedLotCode(facts.code), margin, y, { size: 22, weight: "bold" }, width);
  const qrSize = 120;
  drawQr(doc, facts.url, margin + (width - qrSize) / 2, y + 4, qrSize);
  y += qrSize + 8;
  y += drawText(doc, w.inline("coa.lotCard.scan"), margin, y, muted, width) + 4;
  const species = w.optional(`domain.category.${facts.species}`);
  const rows: [string, string][] = [
    [w.stacked("coa.lotCard.farm"), facts.farmName],
    [w.stacked("coa.lotCard.pond"), facts.pondCode],
    [w.stacked("coa.lotCard.species"), species === null ? facts.species : `${facts.species}\n${species}`],
    [w.stacked("coa.lotCard.expected"), facts.expectedOn],
    [w.stacked("coa.lotCard.quantity"), facts.quantityKg === null ? "—" : `${facts.quantityKg} kg`],
    [w.stacked("coa.lotCard.buyer"), facts.buyerName ?? "—"],
  ];
  const labelWidth = 96;
  for (const [label, value] of rows) {
    const labelHeight = drawText(doc, label, margin, y, muted, labelWidth - 4);
    const valueHeight = drawText(
      doc,
      value,
      margin + labelWidth,
      y,
      { size: 9, weight: "bold" },
      width - labelWidth,
    );
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  drawText(doc, facts.url, margin, doc.page.height - margin - 14, { size: 6, color: "#475569" }, width);
  return documentBytes(doc);
}
