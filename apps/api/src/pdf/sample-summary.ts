// The samples summary export as a PDF (docs/product-rules.md, Exports): landscape A4, the title, the export columns
// and status cell colours; names in any Indian script, emoji and diacritics print as typed. In the
// account's language with English alongside: the title, the filter line and the column
// heads in both, statuses, categories and test types under their English names.
import {
  LAB_IDENTITY,
  SAMPLE_EXPORT_COLUMNS,
  SAMPLE_EXPORT_TITLE,
  SAMPLE_STATUSES,
  type LanguageCode,
  type SampleStatus,
} from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { documentWords, localizedList, under } from "./coa-words";
import { createDocument, documentBytes } from "./document";
import { drawTable, drawText, type Cell } from "./layout";

export const STATUS_COLOURS: Record<SampleStatus, { fill: string; text: string }> = {
  PENDING: { fill: "#dbeafe", text: "#1e3a8a" },
  COLLECTING: { fill: "#e0e7ff", text: "#312e81" },
  COLLECTED: { fill: "#fef9c3", text: "#713f12" },
  TESTING: { fill: "#ffedd5", text: "#7c2d12" },
  COMPLETED: { fill: "#dcfce7", text: "#14532d" },
  REJECTED: { fill: "#f3f4f6", text: "#111827" },
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
  /** The status filter as given ("all", "pending", a group): its name in the account's language. */
  status?: string;
  /** The language printed beside English (English alone when absent or "en"). */
  language?: LanguageCode;
}

// The export columns' keys in the coa namespace, in SAMPLE_EXPORT_COLUMNS' order.
const COLUMN_KEYS: readonly MessageKey[] = [
  "coa.summary.column.sampleId",
  "coa.summary.column.status",
  "coa.summary.column.samplerName",
  "coa.summary.column.location",
  "coa.summary.column.category",
  "coa.summary.column.subCategory",
  "coa.summary.column.createdAt",
  "coa.summary.column.updatedAt",
];

const isSampleStatus = (value: string): value is SampleStatus =>
  (SAMPLE_STATUSES as readonly string[]).includes(value);

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
  const w = documentWords(meta.language);
  const doc = createDocument({
    title: SAMPLE_EXPORT_TITLE,
    author: LAB_IDENTITY.name,
    layout: "landscape",
    margin: PAGE.margin,
  });
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin;
  const localTitle = w.local("coa.summary.title");
  y += drawText(
    doc,
    localTitle === null ? SAMPLE_EXPORT_TITLE : `${SAMPLE_EXPORT_TITLE} / ${localTitle}`,
    left,
    y,
    { size: 18, weight: "bold" },
    width,
  );
  // The filter line in English, then the same line in the account's language.
  const filterLine = (
    say: (key: MessageKey, values?: Record<string, string | number>) => string,
    status: string,
  ) =>
    [
      `${say("coa.summary.status")}: ${status}`,
      `${say("coa.summary.period")}: ${say("coa.summary.periodRange", {
        from: meta.from ?? say("coa.summary.firstSample"),
        to: meta.to ?? say("coa.summary.today"),
      })}`,
      meta.search ? `${say("coa.summary.search")}: ${meta.search}` : "",
      `${say("coa.summary.samples")}: ${samples.length}`,
    ]
      .filter((part) => part !== "")
      .join(" · ");
  const filter = (meta.status ?? "").toUpperCase();
  const localStatus =
    meta.status === undefined || meta.status === "all" || meta.status === ""
      ? w.local("coa.summary.all")
      : isSampleStatus(filter)
        ? w.optional(`domain.status.${filter}`)
        : null;
  const english = filterLine((key, values) => w.en(key, values), meta.typeLabel);
  const local = w.bilingual
    ? filterLine((key, values) => w.local(key, values) ?? w.en(key, values), localStatus ?? meta.typeLabel)
    : null;
  y += drawText(doc, under(english, local), left, y, { size: 10 }, width);
  const generated = `${w.en("coa.summary.generated")}: ${zonedDateTime(meta.generatedAt, meta.timeZone)} (${meta.timeZone}) · ${LAB_IDENTITY.name}`;
  const localGenerated = w.bilingual
    ? `${w.local("coa.summary.generated") ?? ""}: ${w.date(meta.generatedAt, "dateTime") ?? ""} (IST)`
    : null;
  y += drawText(doc, under(generated, localGenerated), left, y, { size: 9, color: "#4b5563" }, width);

  await drawTable(doc, {
    x: left,
    y: y + 6,
    top: PAGE.margin,
    bottom: PAGE.height - PAGE.margin,
    size: 8,
    padding: 3,
    header: { fill: "#0f766e", color: "#ffffff" },
    rules: true,
    // English heads, the account's language under them.
    columns: SAMPLE_EXPORT_COLUMNS.map((header, index) => {
      const key = COLUMN_KEYS[index];
      return { header: under(header, key ? w.local(key) : null), width: WIDTHS[index] ?? 80 };
    }),
    rows: samples.map((sample): Cell[] => [
      { text: String(sample.id) },
      {
        text: under(sample.status, w.optional(`domain.status.${sample.status}`)),
        weight: "bold",
        fill: STATUS_COLOURS[sample.status].fill,
        color: STATUS_COLOURS[sample.status].text,
      },
      { text: sample.samplerName },
      { text: sample.samplerLocation },
      { text: under(sample.shrimpCategory, w.optional(`domain.category.${sample.shrimpCategory}`)) },
      {
        text: under(
          sample.shrimpSubCategory,
          localizedList(w, "domain.testType.", sample.shrimpSubCategory.split(/,\s*/)),
        ),
      },
      { text: zonedDateTime(sample.createdAt, meta.timeZone) },
      { text: zonedDateTime(sample.updatedAt, meta.timeZone) },
    ]),
  });
  return documentBytes(doc);
}
