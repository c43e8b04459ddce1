// Spec section 9: the ledger export, selected_samples.csv.
import Papa from "papaparse";

import type { Sample } from "@lab/contracts";

import { saveBlob } from "@/utils/save-blob";

export const LEDGER_EXPORT_FILE_NAME = "selected_samples.csv";

export const LEDGER_EXPORT_COLUMNS = [
  "Sample ID",
  "Shrimp Category",
  "Sampler",
  "Status",
  "Date Submitted",
  "Location",
] as const;

export function ledgerCsvRow(sample: Sample): string[] {
  return [
    String(sample.id),
    sample.shrimpCategory,
    sample.samplerName,
    sample.status,
    new Date(sample.createdAt).toLocaleDateString(),
    sample.samplerLocation.trim() || "N/A",
  ];
}

/**
 * The selected samples, sorted by id (the selection order depends on the pages visited, the id does
 * not). Every field is quoted with inner quotes doubled; formula-like cells are neutralised.
 */
export function ledgerCsv(samples: Iterable<Sample>): string {
  const rows = [...samples].sort((a, b) => a.id - b.id).map(ledgerCsvRow);
  return Papa.unparse(
    { fields: [...LEDGER_EXPORT_COLUMNS], data: rows },
    { quotes: true, escapeFormulae: true, newline: "\r\n" },
  );
}

export function downloadLedgerCsv(samples: Iterable<Sample>): void {
  // A byte order mark lets spreadsheets read the file as UTF-8.
  saveBlob(
    new Blob(["\uFEFF", ledgerCsv(samples)], { type: "text/csv;charset=utf-8" }),
    LEDGER_EXPORT_FILE_NAME,
  );
}
