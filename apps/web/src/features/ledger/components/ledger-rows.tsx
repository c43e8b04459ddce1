import { CircleCheck, FileText } from "lucide-react";
import { Link } from "react-router";

import type { Sample } from "@lab/contracts";

import { ReportRevocationBadge } from "@/components/reports/report-revocation-badge";
import { buttonClasses } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { LOCATION_LIMIT_DESKTOP, LOCATION_LIMIT_PHONE } from "../utils/truncate";

import { LedgerStatusBadge } from "./ledger-status-badge";
import { TruncatedText } from "./truncated-text";

interface RowsProps {
  samples: readonly Sample[];
  selected: ReadonlyMap<number, Sample>;
  onToggle: (sample: Sample) => void;
}

/** The submission date in the reader's language, India time (the raw value if it does not parse). */
function SubmittedOn({ sample }: { sample: Sample }) {
  const { date } = useT();
  return <>{date(sample.createdAt, "date") || sample.createdAt}</>;
}

function SelectBox({
  sample,
  checked,
  onToggle,
}: {
  sample: Sample;
  checked: boolean;
  onToggle: () => void;
}) {
  const { t } = useT("account");
  return (
    // The label around it is the finger's 44 px target below lg; the box itself stays small.
    <label className="-m-3 inline-flex h-11 w-11 cursor-pointer items-center justify-center lg:m-0 lg:h-auto lg:w-auto">
      <input
        type="checkbox"
        checked={checked}
        onChange={onToggle}
        aria-label={t("account.ledger.row.selectLabel", { id: sample.id })}
        className="h-4 w-4 rounded border-slate-400 accent-teal-700"
      />
    </label>
  );
}

function ReportReady() {
  const { t } = useT("account");
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-800">
      <CircleCheck aria-hidden="true" className="h-3.5 w-3.5" />
      {t("account.ledger.row.reportReady")}
    </span>
  );
}

function ReportLink({ reportId, sampleId, label }: { reportId: number; sampleId: number; label: string }) {
  const { t } = useT("account");
  return (
    <Link
      to={paths.report.href(reportId)}
      aria-label={t("account.ledger.row.viewReportLabel", { id: sampleId })}
      className={buttonClasses("outline", "sm", "whitespace-nowrap")}
    >
      <FileText aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

function SamplerInfo({ sample, limit }: { sample: Sample; limit: number }) {
  return (
    <div className="min-w-0 space-y-0.5 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{sample.samplerName}</p>
      {sample.phoneNumber ? <p>{sample.phoneNumber}</p> : null}
      {sample.emailAddress ? <p className="break-all">{sample.emailAddress}</p> : null}
      {sample.samplerLocation ? (
        <TruncatedText text={sample.samplerLocation} limit={limit} className="block text-slate-600" />
      ) : null}
    </div>
  );
}

/** Desktop: the spec's six columns. */
/**
 * The shrimp category and the sub-category in the reader's language. The sub-category is the test
 * types joined (spec): named one by one when it is exactly that, else shown as it came.
 */
function Category({ sample, compact = false }: { sample: Sample; compact?: boolean }) {
  const names = useDomainNames();
  const sub = sample.shrimpSubCategory;
  const subText =
    sub && sub === sample.testTypes.join(", ") ? sample.testTypes.map(names.testType).join(", ") : sub;
  return (
    <div className={compact ? "text-sm" : undefined}>
      <p className="break-words text-slate-700">{names.category(sample.shrimpCategory)}</p>
      {subText ? <p className="text-xs break-words text-slate-600">{subText}</p> : null}
    </div>
  );
}

export function LedgerTable({ samples, selected, onToggle }: RowsProps) {
  const { t } = useT("account");
  return (
    <Table className="shadow-sm">
      <TableHeader>
        <TableRow>
          <TableHead>{t("account.ledger.table.select")}</TableHead>
          <TableHead>{t("account.ledger.table.details")}</TableHead>
          <TableHead>{t("account.ledger.table.sampler")}</TableHead>
          <TableHead>{t("account.ledger.table.status")}</TableHead>
          <TableHead>{t("account.ledger.table.date")}</TableHead>
          <TableHead>{t("account.ledger.table.actions")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {samples.map((sample) => {
          const checked = selected.has(sample.id);
          return (
            <TableRow key={sample.id} className={checked ? "bg-teal-50/60" : undefined}>
              <TableCell className="align-top">
                <SelectBox sample={sample} checked={checked} onToggle={() => onToggle(sample)} />
              </TableCell>
              <TableCell className="align-top">
                <p className="font-semibold text-slate-900">
                  {t("account.ledger.row.sample", { id: sample.id })}
                </p>
                <Category sample={sample} />
              </TableCell>
              <TableCell className="max-w-xs align-top">
                <SamplerInfo sample={sample} limit={LOCATION_LIMIT_DESKTOP} />
              </TableCell>
              <TableCell className="align-top">
                <div className="flex flex-wrap items-center gap-1">
                  <LedgerStatusBadge status={sample.status} />
                  <ReportRevocationBadge revocation={sample.reportRevocation} />
                </div>
              </TableCell>
              <TableCell className="align-top whitespace-nowrap text-slate-700">
                <SubmittedOn sample={sample} />
              </TableCell>
              <TableCell className="align-top">
                {sample.reportId !== null ? (
                  <div className="flex flex-col items-start gap-1">
                    <ReportLink
                      reportId={sample.reportId}
                      sampleId={sample.id}
                      label={t("account.ledger.row.viewReport")}
                    />
                    <ReportReady />
                  </div>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Phone: one card per sample, as a list. */
export function LedgerCards({ samples, selected, onToggle }: RowsProps) {
  const { t } = useT("account");
  return (
    <ul role="list" aria-label={t("account.ledger.row.listLabel")} className="space-y-3">
      {samples.map((sample) => {
        const checked = selected.has(sample.id);
        return (
          <li
            key={sample.id}
            className={`rounded-xl border bg-white p-4 shadow-sm ${checked ? "border-teal-600" : "border-slate-200"}`}
          >
            <div className="flex items-start gap-3">
              <SelectBox sample={sample} checked={checked} onToggle={() => onToggle(sample)} />
              <div className="min-w-0 flex-1 space-y-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    {t("account.ledger.row.sample", { id: sample.id })}
                  </p>
                  <div className="flex flex-wrap items-center gap-1">
                    <LedgerStatusBadge status={sample.status} />
                    <ReportRevocationBadge revocation={sample.reportRevocation} />
                  </div>
                </div>
                <Category sample={sample} compact />
                <SamplerInfo sample={sample} limit={LOCATION_LIMIT_PHONE} />
                <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
                  <span className="text-xs text-slate-600">
                    <SubmittedOn sample={sample} />
                  </span>
                  {sample.reportId !== null ? (
                    <span className="flex items-center gap-2">
                      <ReportReady />
                      <ReportLink
                        reportId={sample.reportId}
                        sampleId={sample.id}
                        label={t("account.ledger.row.view")}
                      />
                    </span>
                  ) : null}
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
