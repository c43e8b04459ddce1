// The certificate of analysis of one report (or, for a failed test, its test report; for a pre-harvest
// sample, its screening report), as an A4 PDF.
// Each part draws from where the one before it ended; the order is the page's, top to bottom.
import { documentWords } from "../coa-words";
import { createDocument, documentBytes } from "../document";
import { drawPageFooters, drawRevokedStamp, drawSignatures } from "./footer";
import { drawFacts, drawHeader, LAB, reportPdfTitle } from "./identity";
import type { ReportPdfInput } from "./input";
import { drawLegacyResults, drawResultTables } from "./results";
import { drawSampling } from "./sampling";
import { drawScreeningFacts } from "./screening";
import { PAGE, type Sheet } from "./sheet";
import { drawSpecVersions, drawVerdictSummary } from "./verdicts";

export async function buildReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { report } = input;
  const doc = createDocument({
    title: reportPdfTitle(report, Boolean(input.screening)),
    author: LAB.name,
    margin: PAGE.margin,
    bufferPages: true,
  });
  const sheet: Sheet = {
    doc,
    // English headings always; the account's language beside them (stored once at release).
    w: documentWords(input.customer.language),
    input,
    number: report.certification,
    // A stored document is the one issued, and the public check tells whether it still stands.
    revoked: report.status === "revoked",
    certified: report.parameters.length > 0,
  };

  if (sheet.revoked) drawRevokedStamp(sheet);
  let y = drawHeader(sheet);
  y = await drawFacts(sheet, y);
  if (input.screening) y = await drawScreeningFacts(sheet, input.screening, y);
  if (input.sampling) y = await drawSampling(sheet, input.sampling, y);
  if (sheet.certified) {
    y = await drawResultTables(sheet, y);
    y = await drawVerdictSummary(sheet, y);
    y = await drawSpecVersions(sheet, y);
  } else {
    y = await drawLegacyResults(sheet, y);
  }
  drawSignatures(sheet, y);
  drawPageFooters(sheet);
  return documentBytes(doc);
}
