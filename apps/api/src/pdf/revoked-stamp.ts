// A revoked certificate is never handed out looking valid: a download is the issued document with a
// stamp drawn over every page. The stored bytes stay as issued (their hash is what the public check
// compares); the stamp is drawn once with the certificate's own fonts and shaping (pdfkit), then laid
// over each page of the issued file (pdf-lib), so nothing of the issued content is re-rendered.
import { revocationReasonOf } from "@lab/contracts";
import { PDFDocument, type PDFEmbeddedPage } from "pdf-lib";

import { documentWords } from "./coa-words";
import { createDocument, documentBytes } from "./document";
import { drawText, type TextStyle } from "./layout";

export interface RevocationFacts {
  revokedAt: Date | null;
  /** The stored reason code (the public wording is printed, never staff's internal note). */
  reasonCode: string | null;
  /** The replacement's certificate number, or null when the report was not replaced. */
  replacedBy: string | null;
  /** The customer's language, as the certificate prints it beside English. */
  language: unknown;
}

const A4 = { width: 595.28, height: 841.89 };
const RED = "#b91c1c";

const englishDay = (date: Date) =>
  date.toLocaleDateString("en-IN", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });

/** The header line of the stamp: English, then the account's language when it is not English. */
export function revokedLines(facts: RevocationFacts): { en: string; local: string | null } {
  const w = documentWords(facts.language);
  const on = facts.revokedAt ? englishDay(facts.revokedAt) : "-";
  const localOn = facts.revokedAt ? (w.date(facts.revokedAt, "date") ?? on) : on;
  const key = facts.replacedBy === null ? "coa.revoked.notReplaced" : "coa.revoked.replacedBy";
  const reasonKey = `domain.revocationReason.${revocationReasonOf(facts.reasonCode)}` as const;
  const en = `${w.en(key, { date: on, number: facts.replacedBy ?? "" })}: ${w.en(reasonKey)}`;
  const localBanner = w.local(key, { date: localOn, number: facts.replacedBy ?? "" });
  const local = localBanner === null ? null : `${localBanner}: ${w.local(reasonKey) ?? w.en(reasonKey)}`;
  return { en, local };
}

/** One A4 page holding only the stamp: a diagonal banner and the header line, on a clear background. */
async function stampPage(facts: RevocationFacts): Promise<Buffer> {
  const w = documentWords(facts.language);
  const lines = revokedLines(facts);
  const doc = createDocument({ title: "REVOKED", author: "", margin: 0 });
  // Header: above the certificate's own top margin, on white so it reads over anything.
  const header: TextStyle = { size: 9, weight: "bold", color: RED };
  const headerHeight = lines.local === null ? 20 : 34;
  doc.save();
  doc.rect(0, 0, A4.width, headerHeight).fillOpacity(0.9).fill("#ffffff");
  doc.restore();
  drawText(
    doc,
    lines.local === null ? lines.en : `${lines.en}\n${lines.local}`,
    16,
    3,
    header,
    A4.width - 32,
  );
  // Diagonal banner, translucent so the certificate stays readable beneath it.
  doc.save();
  doc.fillOpacity(0.35);
  doc.rotate(-35, { origin: [A4.width / 2, A4.height / 2] });
  const banner: TextStyle = { size: 96, weight: "bold", color: RED };
  drawText(doc, w.en("coa.revoked.stamp"), 0, A4.height / 2 - 70, banner, A4.width, "center");
  const local = w.local("coa.revoked.stamp");
  if (local !== null)
    drawText(doc, local, 0, A4.height / 2 + 60, { ...banner, size: 48 }, A4.width, "center");
  doc.restore();
  return documentBytes(doc);
}

/** The issued PDF with the revocation stamped on every page; the issued bytes are not changed. */
export async function stampRevoked(issued: Buffer, facts: RevocationFacts): Promise<Buffer> {
  const target = await PDFDocument.load(issued, { updateMetadata: false });
  const [stamp]: PDFEmbeddedPage[] = await target.embedPdf(await stampPage(facts), [0]);
  if (!stamp) throw new Error("revocation stamp has no page");
  for (const page of target.getPages()) {
    const { width, height } = page.getSize();
    page.drawPage(stamp, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await target.save({ useObjectStreams: false }));
}
