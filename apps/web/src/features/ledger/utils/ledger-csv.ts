// The ledger export, selected_samples.csv (docs/product-rules.md, Exports), in the reader's language:
// headings, statuses and shrimp categories from the catalogues, dates in India time. English keeps
// the product's headings and the status codes as they were.
import Papa from "papaparse";

import type { LanguageCode, Report, Sample } from "@lab/contracts";
import { formatDate, type MessageKey } from "@lab/i18n";

import { getLanguage, translate, translateKnown } from "@/lib/i18n/i18n";
import { saveBlob } from "@/utils/save-blob";

export const LEDGER_EXPORT_FILE_NAME = "selected_samples.csv";

/**
 * The column headings' keys: the spec's six first, in its order (Sample ID … Location), then what a
 * buyer or an exporter asks for next: the certificate number, each market's verdict, the tests.
 */
export const LEDGER_EXPORT_COLUMNS = [
  "account.ledger.csv.sampleId",
  "account.ledger.csv.category",
  "account.ledger.csv.sampler",
  "account.ledger.csv.status",
  "account.ledger.csv.date",
  "account.ledger.csv.location",
  "account.ledger.csv.certificate",
  "account.ledger.csv.verdicts",
  "account.ledger.csv.testTypes",
] as const satisfies readonly MessageKey<"account">[];

/**
 * The issued reports by id, or null when they could not be read (offline): then a sample that has a
 * report says so in its cells instead of looking as if it had none.
 */
export type LedgerReports = ReadonlyMap<number, Report> | null;

function reportCells(sample: Sample, reports: LedgerReports): [string, string] {
  const none = translate("account.ledger.csv.none");
  if (sample.reportId === null) return [none, none];
  if (reports === null) {
    const notLoaded = translate("account.ledger.csv.notLoaded");
    return [notLoaded, notLoaded];
  }
  const report = reports.get(sample.reportId);
  if (!report) return [none, none];
  const verdicts = report.markets
    .map((market) => `${market.code}: ${translate(`account.ledger.csv.verdict.${market.verdict}`)}`)
    .join("; ");
  return [report.details.certification ?? none, verdicts || none];
}

export function ledgerCsvRow(
  sample: Sample,
  language: LanguageCode = getLanguage(),
  reports: LedgerReports = new Map(),
): string[] {
  return [
    String(sample.id),
    translateKnown(`domain.category.${sample.shrimpCategory}`, sample.shrimpCategory),
    sample.samplerName,
    translateKnown(`account.ledger.csv.statusName.${sample.status}`, sample.status),
    formatDate(language, sample.createdAt, "date") || sample.createdAt,
    sample.samplerLocation.trim() || translate("account.ledger.csv.none"),
    ...reportCells(sample, reports),
    sample.testTypes.map((name) => translateKnown(`domain.testType.${name}`, name)).join("; ") ||
      translate("account.ledger.csv.none"),
  ];
}

/**
 * The selected samples, sorted by id (the selection order depends on the pages visited, the id does
 * not), in the active language (its catalogues "account" and "domain" are loaded by the ledger
 * screen). Every field is quoted with inner quotes doubled; formula-like cells are neutralised.
 */
export function ledgerCsv(
  samples: Iterable<Sample>,
  language: LanguageCode = getLanguage(),
  reports: LedgerReports = new Map(),
): string {
  const rows = [...samples]
    .sort((a, b) => a.id - b.id)
    .map((sample) => ledgerCsvRow(sample, language, reports));
  return Papa.unparse(
    { fields: LEDGER_EXPORT_COLUMNS.map((key) => translate(key)), data: rows },
    { quotes: true, escapeFormulae: true, newline: "\r\n" },
  );
}

/** The file: a byte order mark first, so spreadsheets (Excel) read Telugu, Hindi … as UTF-8. */
export function ledgerCsvBlob(
  samples: Iterable<Sample>,
  language: LanguageCode = getLanguage(),
  reports: LedgerReports = new Map(),
): Blob {
  return new Blob(["\uFEFF", ledgerCsv(samples, language, reports)], { type: "text/csv;charset=utf-8" });
}

export function downloadLedgerCsv(samples: Iterable<Sample>, reports: LedgerReports = new Map()): void {
  saveBlob(ledgerCsvBlob(samples, getLanguage(), reports), LEDGER_EXPORT_FILE_NAME);
}
