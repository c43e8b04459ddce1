// The end of the document and what every page carries: the signatures and small print, the page
// footers, and on a report rendered after its revocation, the stamp across the first page.
import { revocationReasonOf } from "@lab/contracts";

import { under } from "../coa-words";
import { drawText, lineHeight, wrap, type TextStyle } from "../layout";
import { reportPdfTitle, titleKey } from "./identity";
import { bothDates, BOTTOM, CONTENT, day, FAIL, GREY, indiaTime, PAGE, type Sheet } from "./sheet";
import { verifyUrl } from "./verify";

/** "REVOKED" across the first page, behind everything drawn after it. */
export function drawRevokedStamp({ doc, w }: Sheet): void {
  doc.save();
  doc.rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] });
  const stamp = { size: 80, weight: "bold", color: "#fca5a5" } as const;
  drawText(doc, w.en("coa.revoked.stamp"), 0, PAGE.height / 2 - 50, stamp, PAGE.width, "center");
  const localStamp = w.local("coa.revoked.stamp");
  if (localStamp !== null)
    drawText(doc, localStamp, 0, PAGE.height / 2 + 60, { ...stamp, size: 48 }, PAGE.width, "center");
  doc.restore();
}

/** Who analysed and who released (or signed), a revocation, and the small print: kept together. */
export function drawSignatures(sheet: Sheet, y: number): void {
  const { doc, w, input, number, certified, revoked } = sheet;
  const { report } = input;
  const left = PAGE.margin;
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
  const noteLines = notes.reduce((sum, note) => sum + wrap(doc, note, noteStyle, CONTENT).length, 0);
  const smallLines = small.reduce((sum, line) => sum + wrap(doc, line, smallStyle, CONTENT).length, 0);
  let top = y;
  if (
    top +
      18 +
      (noteLines + 1) * lineHeight(noteStyle) +
      Math.max(smallLines + 1, 3) * lineHeight(smallStyle) >
    BOTTOM
  ) {
    doc.addPage();
    top = PAGE.margin;
  }
  top += 18;
  top += drawText(doc, notes.join("\n"), left, top, noteStyle, CONTENT);
  drawText(doc, small.join("\n"), left, top + 6, smallStyle, CONTENT);
}

/** Every page says which document it belongs to, where it stands, and that it is valid only whole. */
export function drawPageFooters(sheet: Sheet): void {
  const { doc, w, input, number } = sheet;
  const { report } = input;
  const left = PAGE.margin;
  const { start, count } = doc.bufferedPageRange();
  const footerStyle: TextStyle = { size: 7, color: GREY };
  const localTitle = w.local(titleKey(sheet));
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const footerY = PAGE.height - PAGE.margin + 10;
    drawText(doc, w.stacked("coa.footer.notReproduced"), left, footerY, footerStyle, CONTENT / 2);
    const pageValues = { page: page - start + 1, count };
    const footer = under(
      `${reportPdfTitle(report, Boolean(input.screening))} · ${w.en("coa.footer.page", pageValues)}`,
      localTitle === null
        ? null
        : `${localTitle} ${number ?? `R-${report.id}`} · ${w.local("coa.footer.page", pageValues) ?? ""}`,
    );
    drawText(doc, footer, left + CONTENT / 2, footerY, footerStyle, CONTENT / 2, "right");
  }
}
