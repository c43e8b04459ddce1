// Spec sections 5 and 9: the history's summary export (CSV here; the PDF is made by the server) —
// columns, file names, date range.
import Papa from "papaparse";

import { SAMPLE_EXPORT_COLUMNS, SAMPLE_EXPORT_TITLE, type Sample, type SampleStatus } from "@lab/contracts";

import { saveBlob } from "@/utils/save-blob";

import { getSamples } from "@/lib/api/get-samples";
import { localDate, localDateTime, localDayRange } from "@/utils/dates";
import { statusFilterLabel, type StatusFilter } from "@/utils/sample-status";

export const EXPORT_TITLE = SAMPLE_EXPORT_TITLE;
export const EXPORT_PAGE_SIZE = 100;

export const EXPORT_COLUMNS = SAMPLE_EXPORT_COLUMNS;

export type ExportFormat = "csv" | "pdf";

export interface ExportRow {
  status: SampleStatus;
  cells: string[];
}

/** SampleSummary-{Type}-{from}-to-{to}.{csv|pdf}; Type is the filter (All, Pending …). */
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

export function exportRow(sample: Sample): ExportRow {
  return {
    status: sample.status,
    cells: [
      String(sample.id),
      sample.status,
      sample.samplerName,
      sample.samplerLocation,
      sample.shrimpCategory,
      sample.shrimpSubCategory,
      localDateTime(sample.createdAt),
      localDateTime(sample.updatedAt),
    ],
  };
}

/**
 * Every field quoted, quotes inside doubled. A cell starting with =, +, -, @ or a tab is prefixed with
 * an apostrophe so that a spreadsheet does not run it as a formula.
 */
export function samplesCsv(rows: readonly ExportRow[]): string {
  return Papa.unparse(
    { fields: [...EXPORT_COLUMNS], data: rows.map((row) => row.cells) },
    { quotes: true, escapeFormulae: true, newline: "\r\n" },
  );
}

/** The samples of the filter whose creation date lies in the range, fetched 100 a page until total. */
export async function fetchSamplesForExport(
  filter: StatusFilter,
  from: string,
  to: string,
  fetchPage: typeof getSamples = getSamples,
): Promise<Sample[]> {
  const range = localDayRange(from, to);
  const samples: Sample[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchPage({
      status: filter,
      from: range.from,
      to: range.to,
      page,
      size: EXPORT_PAGE_SIZE,
    });
    samples.push(...result.items);
    if (result.items.length === 0 || samples.length >= result.total) return samples;
  }
}

/** Hands a file to the browser's download. */
export function downloadCsv(rows: readonly ExportRow[], fileName: string): void {
  // A byte order mark lets spreadsheets read the file as UTF-8.
  saveBlob(new Blob(["\uFEFF", samplesCsv(rows)], { type: "text/csv;charset=utf-8" }), fileName);
}
