import type { Sample } from "@lab/contracts";

/** The selected samples' e-mail addresses, unique regardless of case (first spelling kept). */
export function uniqueRecipients(samples: Iterable<Sample>): string[] {
  const byKey = new Map<string, string>();
  for (const sample of samples) {
    const address = sample.emailAddress?.trim() ?? "";
    if (!address) continue;
    const key = address.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, address);
  }
  return [...byKey.values()];
}

/** A report is issued (report-ready): the API attaches it only for a COMPLETED sample. */
export const hasReport = (sample: Sample): boolean =>
  sample.reportId !== null && sample.status === "COMPLETED";

export function countWithReports(samples: Iterable<Sample>): number {
  let count = 0;
  for (const sample of samples) if (hasReport(sample)) count += 1;
  return count;
}
