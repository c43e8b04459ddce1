// The one-page notice a customer downloads when reception refused their sample: what was refused,
// the facts reception checked (seals recorded and read, temperature), the reasons in the reader's
// language beside English, reception's note, and how to send a new sample.
import { LAB_IDENTITY, type RejectionReason } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { documentWords, localizedList, under, type DocumentWords } from "./coa-words";
import { createDocument, documentBytes } from "./document";
import { drawText, type TextStyle } from "./layout";
import { bothDates, CONTENT, GREY, indiaTime, PAGE, TEAL } from "./report/sheet";

export interface RejectionNoticeFacts {
  sampleId: number;
  category: string;
  tests: readonly string[];
  submittedAt: Date;
  collectedAt: Date | null;
  receivedAt: Date;
  agent: string | null;
  sealsRecorded: readonly string[] | null;
  sealsRead: readonly string[] | null;
  temperatureC: number | null;
  reasons: readonly RejectionReason[];
  note: string | null;
  /** Submit Sample with this sample's details filled in. */
  resubmitUrl: string;
  issuedAt: Date;
  /** The reader's stored language, printed beside English. */
  language: unknown;
}

export const rejectionNoticeFileName = (sampleId: number): string =>
  `sample-${sampleId}-rejection-notice.pdf`;

const BODY: TextStyle = { size: 9.5 };
const LABEL: TextStyle = { size: 8, weight: "bold", color: GREY };
const GAP = 16;
const HEADING: TextStyle = { size: 12, weight: "bold", color: TEAL };

/** A reason in English and, under it, in the reader's language. */
function reasonText(w: DocumentWords, reason: RejectionReason): string {
  const key: MessageKey = `domain.rejectionReason.${reason}`;
  return under(w.en(key), w.local(key));
}

export async function renderRejectionNotice(facts: RejectionNoticeFacts): Promise<Buffer> {
  const w = documentWords(facts.language);
  const doc = createDocument({
    title: `Sample rejection notice: sample #${facts.sampleId}`,
    author: LAB_IDENTITY.name,
  });
  const left = PAGE.margin;
  let y = PAGE.margin;
  y += drawText(doc, LAB_IDENTITY.name, left, y, { size: 18, weight: "bold", color: TEAL }, CONTENT);
  y += drawText(
    doc,
    `${LAB_IDENTITY.accreditation}\n${LAB_IDENTITY.address}`,
    left,
    y,
    { size: 9, color: GREY },
    CONTENT,
  );
  y += 10;
  y += drawText(doc, w.stacked("coa.rejectionNotice.title"), left, y, { size: 16, weight: "bold" }, CONTENT);
  y += 4;
  y += drawText(
    doc,
    w.stacked("coa.rejectionNotice.intro", { sampleId: String(facts.sampleId) }),
    left,
    y,
    BODY,
    CONTENT,
  );
  y += 10;

  const none = w.stacked("coa.rejectionNotice.notRecorded");
  const when = (date: Date | null) =>
    date === null ? none : bothDates(w, date, indiaTime(date), "dateTime");
  const seals = (list: readonly string[] | null) =>
    list === null || list.length === 0 ? none : list.join(", ");
  const localTests = localizedList(w, "domain.testType.", facts.tests);
  const localCategory = w.optional(`domain.category.${facts.category}`);
  const rows: [MessageKey, string][] = [
    ["coa.rejectionNotice.sample", `#${facts.sampleId}`],
    ["coa.rejectionNotice.category", under(facts.category, localCategory)],
    ["coa.rejectionNotice.tests", under(facts.tests.join(", "), localTests)],
    ["coa.rejectionNotice.submitted", when(facts.submittedAt)],
    ["coa.rejectionNotice.collected", when(facts.collectedAt)],
    ["coa.rejectionNotice.agent", facts.agent ?? none],
    ["coa.rejectionNotice.received", when(facts.receivedAt)],
    ["coa.rejectionNotice.sealsRecorded", seals(facts.sealsRecorded)],
    ["coa.rejectionNotice.sealsRead", seals(facts.sealsRead)],
    ["coa.rejectionNotice.temperature", facts.temperatureC === null ? none : `${facts.temperatureC} °C`],
  ];
  // Two facts a row, each its label over its value: a page holds them in any language.
  const cellWidth = (CONTENT - GAP) / 2;
  for (let index = 0; index < rows.length; index += 2) {
    const heights = rows.slice(index, index + 2).map(([key, value], column) => {
      const x = left + column * (cellWidth + GAP);
      const labelHeight = drawText(doc, w.inline(key), x, y, LABEL, cellWidth);
      return labelHeight + drawText(doc, value, x, y + labelHeight, BODY, cellWidth);
    });
    y += Math.max(...heights) + 6;
  }
  y += 8;
  y += drawText(doc, w.inline("coa.rejectionNotice.reasons"), left, y, HEADING, CONTENT) + 2;
  for (const reason of facts.reasons) {
    drawText(doc, "•", left, y, BODY, 10);
    y += drawText(doc, reasonText(w, reason), left + 12, y, BODY, CONTENT - 12) + 2;
  }
  if (facts.note) {
    y += 6;
    y += drawText(doc, w.inline("coa.rejectionNotice.note"), left, y, LABEL, CONTENT);
    y += drawText(doc, facts.note, left, y, BODY, CONTENT);
  }

  y += 14;
  y += drawText(doc, w.inline("coa.rejectionNotice.next"), left, y, HEADING, CONTENT) + 2;
  y += drawText(doc, w.stacked("coa.rejectionNotice.sendNew"), left, y, BODY, CONTENT) + 2;
  y += drawText(doc, facts.resubmitUrl, left, y, { size: 10, weight: "bold", color: TEAL }, CONTENT);
  doc.link(left, y - 15, CONTENT, 15, facts.resubmitUrl);

  y += 14;
  const issued = bothDates(w, facts.issuedAt, indiaTime(facts.issuedAt), "date");
  drawText(
    doc,
    `${w.inline("coa.rejectionNotice.issued")}: ${issued}`,
    left,
    y,
    { size: 9, color: GREY },
    CONTENT,
  );
  return documentBytes(doc);
}
