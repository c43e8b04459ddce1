import { certificateScope, type Report, type Sample } from "@lab/contracts";

import { useReport } from "@/lib/api/get-report";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT, type T } from "@/lib/i18n/use-t";

type Names = ReturnType<typeof useResultNames>;

/** What the last stage says once the report is out: certified for which markets, or none passed. */
function outcomeText(report: Report, t: T<"samples" | "results">, names: Names): string {
  const certification = report.details.certification;
  const scope =
    report.certifiedMarkets && report.notCertifiedMarkets
      ? { certified: report.certifiedMarkets, notCertified: report.notCertifiedMarkets }
      : certificateScope(report.markets, certification);
  const list = (codes: readonly string[]) => codes.map((code) => names.marketShort(code)).join(", ");
  // A report from before markets were judged: only whether it carries a certificate.
  if (report.markets.length === 0)
    return certification
      ? t("samples.timeline.stage3.description")
      : t("samples.timeline.stage3.noMarketPassed");
  if (!certification || scope.certified.length === 0)
    // A market may have passed on a report issued before such a sample was certified for it.
    return report.markets.some((market) => market.verdict === "pass")
      ? t("samples.timeline.stage3.reportIssued")
      : t("samples.timeline.stage3.noMarketPassed");
  if (scope.notCertified.length === 0)
    return t("samples.timeline.stage3.certified", { markets: list(scope.certified) });
  return t("samples.timeline.stage3.certifiedPartly", {
    certified: list(scope.certified),
    notCertified: list(scope.notCertified),
  });
}

function IssuedOutcome({ reportId }: { reportId: number }) {
  const { t } = useT("samples", "results");
  const names = useResultNames();
  const report = useReport(String(reportId));
  return <>{report.data ? outcomeText(report.data, t, names) : t("samples.timeline.stage3.description")}</>;
}

/**
 * The last stage's line: "the report is certified" only when it is. Once a report is issued it says
 * for which markets, or that a test report was issued and no market passed.
 */
export function CertificationStage({ sample }: { sample: Sample }) {
  const { t } = useT("samples");
  if (sample.status !== "COMPLETED" || sample.reportId === null)
    return <>{t("samples.timeline.stage3.description")}</>;
  return <IssuedOutcome reportId={sample.reportId} />;
}
