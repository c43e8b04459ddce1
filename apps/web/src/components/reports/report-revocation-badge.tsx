import type { ReportRevocation } from "@lab/contracts";

import { useT } from "@/lib/i18n/use-t";

import { RevokedBadge } from "./result-banner";

/**
 * Beside a completed sample's status: its report is revoked (and not yet replaced), or the report it
 * has now replaced a revoked one. "Completed" alone would read as a valid certificate.
 */
export function ReportRevocationBadge({ revocation }: { revocation: ReportRevocation | null | undefined }) {
  const { t } = useT("reports");
  if (revocation === "revoked") return <RevokedBadge />;
  if (revocation === "replaced")
    return (
      <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
        {t("reports.banner.replacedBadge")}
      </span>
    );
  return null;
}
