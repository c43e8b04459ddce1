// The history's summary export (CSV here; the PDF is made by the server; docs/product-rules.md) —
// columns, file names, date range. The CSV reads in the reader's language (headings, status,
// category and test type names); its times are India time.
import Papa from "papaparse";

import {
  SAMPLE_EXPORT_COLUMNS,
  SAMPLE_EXPORT_TITLE,
  type LanguageCode,
  type Sample,
  type SampleStatus,
} from "@lab/contracts";

import { saveBlob } from "@/utils/save-blob";

import { getSamples } from "@/lib/api/get-samples";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { indiaDateTime, localDate, localDayRange } from "@/utils/dates";
import { statusFilterLabel, testTypeList, type StatusFilter } from "@/utils/sample-status";

export const EXPORT_TITLE = SAMPLE_EXPORT_TITLE;
export const EXPORT_PAGE_SIZE = 100;

export const EXPORT_COLUMNS = SAMPLE_EXPORT_COLUMNS;

export type ExportFormat = "csv" | "pdf";

export interface ExportRow {
  status: SampleStatus;
  cells: string[];
}

/** How an export names its columns and the names that arrive as data, in one language. */
export interface ExportLocale {
  language: LanguageCode;
  columns: readonly string[];
  status: (status: SampleStatus) => string;
  category: (category: string) => string;
  testType: (testType: string) => string;
}

/** The spec's English export: its column names, and the status as its raw value. */
export const ENGLISH_EXPORT: ExportLocale = {
  language: "en",
  columns: SAMPLE_EXPORT_COLUMNS,
  status: (status) => status,
  category: (category) => category,
  testType: (testType) => testType,
};

/** The export in the reader's language (English: the spec's, unchanged). */
export function useExportLocale(): ExportLocale {
  const { t, language } = useT("samples", "domain");
  const names = useDomainNames();
  if (language === "en") return ENGLISH_EXPORT;
  return {
    language,
    columns: [
      t("samples.export.column.sampleId"),
      t("samples.export.column.status"),
      t("samples.export.column.samplerName"),
      t("samples.export.column.location"),
      t("samples.export.column.category"),
      t("samples.export.column.subCategory"),
      t("samples.export.column.createdAt"),
      t("samples.export.column.updatedAt"),
    ],
    status: names.status,
    category: names.category,
    testType: names.testType,
  };
}

/**
 * SampleSummary-{Type}-{from}-to-{to}.{csv|pdf}; Type is the filter (All, Pending …), in English in
 * every language: a plain ASCII file name survives every phone's and mail system's download.
 */
export function exportFileName(filter: StatusFilter, from: string, to: string, format: ExportFormat): string {
  return `SampleSummary-${statusFilterLabel(filter)}-${from}-to-${to}.${format}`;
}

/** From defaults to the earliest sample creation date, to to today (local dates). */
export function defaultExportRange(
  earliestCreatedAt: string | null,
  now: Date = new Date(),
): { from: string; to: string } {
  const to = localDate(now);
  return { from: earliestCreatedAt ? localDate(earliestCreatedAt) : to, to };
}

export function exportRow(sample: Sample, locale: ExportLocale = ENGLISH_EXPORT): ExportRow {
  return {
    status: sample.status,
    cells: [
      String(sample.id),
      locale.status(sample.status),
      sample.samplerName,
      sample.samplerLocation,
      locale.category(sample.shrimpCategory),
      locale.language === "en"
        ? sample.shrimpSubCategory
        : testTypeList(sample.shrimpSubCategory, locale.testType),
      indiaDateTime(sample.createdAt),
      indiaDateTime(sample.updatedAt),
    ],
  };
}

/**
 * Every field quoted, quotes inside doubled. A cell starting with =, +, -, @ or a tab is prefixed with
 * an apostrophe so that a spreadsheet does not run it as a formula.
 */
export function samplesCsv(rows: readonly ExportRow[], columns: readonly string[] = EXPORT_COLUMNS): string {
  return Papa.unparse(
    { fields: [...columns], data: rows.map((row) => row.cells) },
    { quotes: true, escapeFormulae: true, newline: "\r\n" },
  );
}

/** The samples of the filter whose creation date lies in the range, 100 a page (keyset from the last). */
export async function fetchSamplesForExport(
  filter: StatusFilter,
  from: string,
  to: string,
  fetchPage: typeof getSamples = getSamples,
): Promise<Sample[]> {
  const range = localDayRange(from, to);
  const samples: Sample[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await fetchPage({
      status: filter,
      from: range.from,
      to: range.to,
      page,
      size: EXPORT_PAGE_SIZE,
      cursor,
    });
    samples.push(...result.items);
    // Past the server's count cap the total is a floor: read on until a short page.
    const done = result.totalCapped ? result.items.length < EXPORT_PAGE_SIZE : samples.length >= result.total;
    if (result.items.length === 0 || done) return samples;
    cursor = result.cursor ?? undefined;
  }
}

/** The CSV file: UTF-8 behind a byte order mark, without which Excel reads Telugu as Latin-1 noise. */
export const csvBlob = (rows: readonly ExportRow[], columns: readonly string[] = EXPORT_COLUMNS): Blob =>
  new Blob(["\uFEFF", samplesCsv(rows, columns)], { type: "text/csv;charset=utf-8" });

/** Hands a file to the browser's download. */
export function downloadCsv(
  rows: readonly ExportRow[],
  fileName: string,
  columns: readonly string[] = EXPORT_COLUMNS,
): void {
  saveBlob(csvBlob(rows, columns), fileName);
}
