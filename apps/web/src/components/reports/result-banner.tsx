import { Ban, CircleCheck, CircleX } from "lucide-react";

import type { Report } from "@lab/contracts";

import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

/** The success (Test Passed / Test Successful) or failure (Test Failed) banner. */
export function ResultBanner({ result }: { result: Report["result"] }) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  const success = result === "success";
  return (
    <section
      aria-label={t("reports.banner.label")}
      className={
        success
          ? "flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900 sm:p-5"
          : "flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 sm:p-5"
      }
    >
      {success ? (
        <CircleCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-green-700" />
      ) : (
        <CircleX aria-hidden="true" className="h-8 w-8 shrink-0 text-red-700" />
      )}
      <div className="min-w-0 break-words">
        <h2 className="text-xl font-bold">{names.resultLabel(result)}</h2>
        <p className="text-sm">{success ? t("reports.banner.success") : t("reports.banner.failure")}</p>
      </div>
    </section>
  );
}

/** A revoked report stays readable; this says so, with the date and the reason. */
export function RevokedBanner({ revokedAt, reason }: { revokedAt: string | null; reason: string | null }) {
  const { t, date } = useT("reports");
  return (
    <section
      aria-label={t("reports.banner.revokedLabel")}
      className="flex items-start gap-3 rounded-xl border border-red-400 bg-red-100 p-4 text-red-950 sm:p-5"
    >
      <Ban aria-hidden="true" className="h-6 w-6 shrink-0 text-red-800" />
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h2 className="text-lg font-bold">{t("reports.banner.revokedTitle")}</h2>
        <p className="text-sm">
          {revokedAt
            ? t("reports.banner.revokedOn", { date: date(revokedAt, "dateTime") })
            : t("reports.banner.revokedUndated")}
        </p>
        {reason ? <p className="mt-1 text-sm font-medium">{t("reports.banner.reason", { reason })}</p> : null}
      </div>
    </section>
  );
}

export function RevokedBadge() {
  const { t } = useT("reports");
  return (
    <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
      {t("reports.banner.revokedBadge")}
    </span>
  );
}
