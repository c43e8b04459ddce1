import { Activity, ChevronDown, FileText, MapPin } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";

import type { Sample } from "@lab/contracts";

import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { formatCoordinates } from "@/utils/location";
import { canViewReport, canViewTimeline, testTypeList } from "@/utils/sample-status";
import { StatusBadge } from "@/components/ui/status-badge";
import { ReportRevocationBadge } from "@/components/reports/report-revocation-badge";

import { AgentBadge } from "./agent-badge";

/** One sample of the history: summary line, View Details, View Timeline and View Report. */
export function SampleCard({ sample, highlighted }: { sample: Sample; highlighted: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  const { t, date } = useT("samples", "domain");
  const names = useDomainNames();

  return (
    <article
      id={`sample-${sample.id}`}
      aria-labelledby={titleId}
      data-highlighted={highlighted || undefined}
      className={cn(
        "rounded-xl border bg-white p-4 shadow-sm transition-colors duration-500 sm:p-5",
        highlighted ? "border-amber-400 bg-amber-50 ring-2 ring-amber-400" : "border-slate-200",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {t("samples.sampleNumber", { id: sample.id })}
          </h3>
          <p className="text-sm break-words text-slate-700">{names.category(sample.shrimpCategory)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={sample.status} />
          <ReportRevocationBadge revocation={sample.reportRevocation} />
          <AgentBadge sample={sample} />
        </div>
      </div>
      <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        <span className="min-w-0 break-words">{sample.samplerLocation || t("samples.card.noLocation")}</span>
      </p>
      {/* The list is ordered by the last change: that date leads, the submission date follows. */}
      <p className="mt-1 text-sm font-medium text-slate-800">
        {t("samples.card.updated", { date: date(sample.updatedAt, "dateTime") })}
      </p>
      <p className="text-xs text-slate-600">
        {t("samples.card.submitted", { date: date(sample.createdAt, "dateTime") })}
      </p>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className={buttonClasses("outline", "sm")}
        >
          {open ? t("samples.card.hideDetails") : t("samples.card.viewDetails")}
          <ChevronDown
            aria-hidden="true"
            className={cn("h-4 w-4 transition-transform", open && "rotate-180")}
          />
        </button>
        {canViewTimeline(sample.status) ? (
          <Link to={paths.timeline.href(sample.id)} className={buttonClasses("secondary", "sm")}>
            <Activity aria-hidden="true" className="h-4 w-4" />
            {t("samples.card.viewTimeline")}
          </Link>
        ) : null}
        {canViewReport(sample.status) ? (
          <Link to={paths.reports.href()} className={buttonClasses("primary", "sm")}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            {t("samples.card.viewReport")}
          </Link>
        ) : null}
      </div>

      <dl
        id={detailsId}
        hidden={!open}
        className="mt-3 grid gap-x-6 gap-y-2 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2"
      >
        <Detail label={t("samples.card.samplerName")} value={sample.samplerName} />
        <Detail label={t("samples.card.phone")} value={sample.phoneNumber} />
        <Detail
          label={t("samples.card.email")}
          value={sample.emailAddress ?? t("samples.card.notProvided")}
        />
        <Detail
          label={t("samples.field.testTypes")}
          value={testTypeList(sample.shrimpSubCategory, names.testType)}
        />
        <Detail label={t("samples.card.lastUpdated")} value={date(sample.updatedAt, "dateTime")} />
        {sample.coordinates ? (
          <Detail label={t("samples.card.coordinates")} value={formatCoordinates(sample.coordinates)} />
        ) : null}
      </dl>
    </article>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
}
