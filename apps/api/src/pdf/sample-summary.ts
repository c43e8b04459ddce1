// The samples summary export as a PDF (spec section 9): landscape A4, the title, the export columns
// and status cell colours; names in any Indian script, emoji and diacritics print as typed.
import { LAB_IDENTITY, SAMPLE_EXPORT_COLUMNS, SAMPLE_EXPORT_TITLE, type SampleStatus } from "@lab/contracts";

import { createDocument, documentBytes } from "./document";
import { drawTable, drawText, type Cell } from "./layout";

export const STATUS_COLOURS: Record<SampleStatus, { fill: string; text: string }> = {
  PENDING: { fill: "#dbeafe", text: "#1e3a8a" },
  COLLECTING: { fill: "#e0e7ff", text: "#312e81" },
  COLLECTED: { fill: "#fef9c3", text: "#713f12" },
  TESTING: { fill: "#ffedd5", text: "#7c2d12" },
  COMPLETED: { fill: "#dcfce7", text: "#14532d" },
};

export interface SummarySample {
  id: number;
  status: SampleStatus;
  samplerName: string;
  samplerLocation: string;
  shrimpCategory: string;
  shrimpSubCategory: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface SummaryMeta {
  /** The status filter as shown: All, Pending … */
  typeLabel: string;
  /** YYYY-MM-DD, or null for no bound. */
  from: string | null;
  to: string | null;
  /** The search typed on the list, if any. */
  search: string;
  generatedAt: Date;
  /** IANA time zone the dates are written in. */
  timeZone: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD HH:mm in a time zone. */
export function zonedDateTime(date: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    // Time zones are a few hundred names at most: the cache stays small.
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts["year"]}-${parts["month"]}-${parts["day"]} ${parts["hour"]}:${parts["minute"]}`;
}

// Landscape A4 in points, 30 pt margins; column widths share the 781 pt of content.
const PAGE = { width: 841.89, height: 595.28, margin: 30 };
const WIDTHS = [55, 75, 130, 150, 85, 130, 78, 78];

export async function buildSampleSummaryPdf(
  samples: readonly SummarySample[],
  meta: SummaryMeta,
): Promise<Buffer> {
  const doc = createDocument({
    title: SAMPLE_EXPORT_TITLE,
    author: LAB_IDENTITY.name,
    layout: "landscape",
    margin: PAGE.margin,
  });
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin;
  y += drawText(doc, SAMPLE_EXPORT_TITLE, left, y, { size: 18, weight: "bold" }, width);
  const period = `${meta.from ?? "the first sample"} to ${meta.to ?? "today"}`;
  const line = [
    `Status: ${meta.typeLabel}`,
    `Period: ${period}`,
    meta.search ? `Search: ${meta.search}` : "",
    `Samples: ${samples.length}`,
  ]
    .filter((part) => part !== "")
    .join(" · ");
  y += drawText(doc, line, left, y, { size: 10 }, width);
  y += drawText(
    doc,
    `Generated: ${zonedDateTime(meta.generatedAt, meta.timeZone)} (${meta.timeZone}) · ${LAB_IDENTITY.name}`,
    left,
    y,
    { size: 9, color: "#4b5563" },
    width,
  );

  await drawTable(doc, {
    x: left,
    y: y + 6,
    top: PAGE.margin,
    bottom: PAGE.height - PAGE.margin,
    size: 8,
    padding: 3,
    header: { fill: "#0f766e", color: "#ffffff" },
    rules: true,
    columns: SAMPLE_EXPORT_COLUMNS.map((header, index) => ({ header, width: WIDTHS[index] ?? 80 })),
    rows: samples.map((sample): Cell[] => [
      { text: String(sample.id) },
      {
        text: sample.status,
        weight: "bold",
        fill: STATUS_COLOURS[sample.status].fill,
        color: STATUS_COLOURS[sample.status].text,
      },
      { text: sample.samplerName },
      { text: sample.samplerLocation },
      { text: sample.shrimpCategory },
      { text: sample.shrimpSubCategory },
      { text: zonedDateTime(sample.createdAt, meta.timeZone) },
      { text: zonedDateTime(sample.updatedAt, meta.timeZone) },
    ]),
  });
  return documentBytes(doc);
}
