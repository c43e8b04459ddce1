import { RotateCcw } from "lucide-react";
import { Link } from "react-router";

import type { Sample } from "@lab/contracts";

import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useReport } from "@/lib/api/get-report";
import { useT } from "@/lib/i18n/use-t";

/** Submit Sample started as a retest of the lot: a new pre-harvest sample of the same harvest lot. */
export const retestHref = (lotId: number): string =>
  `${paths.submitSample.href()}?${new URLSearchParams({ lot: String(lotId), purpose: "pre_harvest" }).toString()}`;

function FailedScreening({ reportId, lot }: { reportId: number; lot: { id: number; code: string } }) {
  const { t } = useT("samples");
  const report = useReport(String(reportId));
  if (!report.data?.markets.some((market) => market.verdict === "fail")) return null;
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm break-words text-red-900">{t("samples.retest.failed", { code: lot.code })}</p>
      <Link to={retestHref(lot.id)} className={buttonClasses("primary", "md", "shrink-0")}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {t("samples.retest.link")}
      </Link>
    </div>
  );
}

/** On a failed pre-harvest screening (any market fails): the way to screen the same lot again. */
export function RetestLink({ sample }: { sample: Sample }) {
  if (sample.purpose !== "pre_harvest" || !sample.lot || sample.reportId === null) return null;
  return <FailedScreening reportId={sample.reportId} lot={sample.lot} />;
}
