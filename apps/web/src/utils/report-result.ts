// How a report's result is named (docs/product-rules.md, Statuses), and the counters of /reports.
import type { Report } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

/**
 * Success is shown as Test Passed (or Test Successful), failure as Test Failed. English only: screens
 * use useResultNames().resultLabel (lib/i18n/result-names), which reads the "results" catalogue.
 */
export const resultLabel = (result: Report["result"]): string =>
  result === "success" ? "Test Passed" : "Test Failed";

export interface ReportCounts {
  total: number;
  successful: number;
  failed: number;
}

/** A revoked report counts in the total only: it is no longer a successful (or a failed) test. */
export function reportCounts(reports: readonly Pick<Report, "result" | "status">[]): ReportCounts {
  const standing = reports.filter((report) => report.status !== "revoked");
  const successful = standing.filter((report) => report.result === "success").length;
  return { total: reports.length, successful, failed: standing.length - successful };
}

/**
 * The PDF's name when the server gives none, as the server names it: the certification number, else
 * (a failed test has no certificate) test-report-R-{id}.
 */
export const reportFileName = (report: Pick<Report, "id" | "details">): string =>
  `${report.details.certification ?? `test-report-R-${report.id}`}.pdf`;

/** The five laboratory results of a report, in the spec's order, with their catalogue labels. */
export const LAB_RESULT_FIELDS = [
  { key: "viralScreening", label: "reports.detail.lab.viralScreening" },
  { key: "bacterialAnalysis", label: "reports.detail.lab.bacterialAnalysis" },
  { key: "parasiteCheck", label: "reports.detail.lab.parasiteCheck" },
  { key: "geneticMarkers", label: "reports.detail.lab.geneticMarkers" },
  { key: "waterQuality", label: "reports.detail.lab.waterQuality" },
] as const satisfies readonly {
  key: keyof Report["details"]["labResults"];
  label: MessageKey<"reports">;
}[];
