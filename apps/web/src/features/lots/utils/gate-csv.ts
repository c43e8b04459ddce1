import Papa from "papaparse";

import type { LotCheck } from "@lab/contracts";

/** The texts of the file, in the reader's language (the catalogue's lots.csv.*, states and reasons). */
export interface GateCsvTexts {
  headings: readonly string[];
  state: (lot: LotCheck) => string;
  reason: (lot: LotCheck) => string;
  caa: (lot: LotCheck) => string;
  species: (lot: LotCheck) => string;
  verdict: (verdict: LotCheck["verdicts"][number]) => string;
}

/** The check's answer as CSV: the time of the check on every row, so a printed sheet keeps it. */
export function gateCsv(lots: readonly LotCheck[], checkedAt: string, texts: GateCsvTexts): string {
  const rows = lots.map((lot) => [
    checkedAt,
    lot.code,
    texts.state(lot),
    texts.reason(lot),
    lot.mpedaEnrolment ?? "",
    lot.caaRegistration ?? "",
    texts.caa(lot),
    lot.pondCode ?? "",
    texts.species(lot),
    lot.expectedOn ?? "",
    lot.quantityKg === null ? "" : String(lot.quantityKg),
    lot.certificateNumber ?? "",
    lot.verdicts.map(texts.verdict).join("; "),
    lot.sampledOn ?? "",
    lot.validUntil ?? "",
  ]);
  return Papa.unparse(
    { fields: [...texts.headings], data: rows },
    { quotes: true, escapeFormulae: true, newline: "\r\n" },
  );
}

/** A byte order mark first, so spreadsheets read Telugu, Hindi … as UTF-8. */
export const gateCsvBlob = (csv: string): Blob =>
  new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });

/** lot-check-2026-05-01-0930.csv, in India time. */
export function gateCsvFileName(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `lot-check-${part("year")}-${part("month")}-${part("day")}-${part("hour")}${part("minute")}.csv`;
}
