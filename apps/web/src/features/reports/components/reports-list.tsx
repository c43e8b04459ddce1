import { CircleCheck, CircleX, ClipboardList, FileText, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { Report } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";

import { ErrorText } from "@/components/reports/error-text";
import { useReports } from "@/lib/api/get-reports";
import { useT } from "@/lib/i18n/use-t";
import { useUser } from "@/lib/auth";
import { reportCounts } from "@/utils/report-result";
import { ReportCard } from "./report-card";
import { ResultsTrend } from "./results-trend";

/** The Reports list screen (/reports). */
export function ReportsList() {
  const { t } = useT("reports");
  const reports = useReports();

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900">{t("reports.list.title")}</h1>
        <p className="text-sm text-slate-700">{t("reports.list.subtitle")}</p>
      </div>
      {reports.isError ? (
        <Card>
          <CardBody className="space-y-3 text-center">
            <p role="alert" className="text-sm text-red-800">
              <ErrorText error={reports.error} />
            </p>
            <Button
              onClick={() => void reports.refetch()}
              icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
            >
              {t("reports.list.tryAgain")}
            </Button>
          </CardBody>
        </Card>
      ) : reports.isPending ? (
        <LoadingState label={t("reports.list.loading")} />
      ) : (
        <ReportsView reports={reports.data} />
      )}
    </div>
  );
}

function ReportsView({ reports }: { reports: Report[] }) {
  const { t } = useT("reports");
  const counts = reportCounts(reports);
  const user = useUser();
  return (
    <>
      <section aria-labelledby="report-counts-title">
        <h2 id="report-counts-title" className="sr-only">
          {t("reports.list.figures")}
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Counter
            label={t("reports.list.total")}
            value={counts.total}
            tone="bg-teal-100 text-teal-800"
            icon={<FileText aria-hidden="true" className="h-5 w-5" />}
          />
          <Counter
            label={t("reports.list.successful")}
            value={counts.successful}
            tone="bg-green-100 text-green-800"
            icon={<CircleCheck aria-hidden="true" className="h-5 w-5" />}
          />
          <Counter
            label={t("reports.list.failed")}
            value={counts.failed}
            tone="bg-red-100 text-red-800"
            icon={<CircleX aria-hidden="true" className="h-5 w-5" />}
          />
        </ul>
      </section>
      {reports.length === 0 ? (
        <Card>
          <CardBody className="space-y-3 text-center">
            <ClipboardList aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
            <h2 className="text-lg font-semibold text-slate-900">{t("reports.list.empty.title")}</h2>
            <p className="text-sm text-slate-700">{t("reports.list.empty.body")}</p>
            <Link to={paths.samples.href()} className={buttonClasses("primary")}>
              {t("reports.list.empty.action")}
            </Link>
          </CardBody>
        </Card>
      ) : (
        <section aria-labelledby="report-list-title">
          <h2 id="report-list-title" className="sr-only">
            {t("reports.list.reports")}
          </h2>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {reports.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </div>
        </section>
      )}
      {user ? <ResultsTrend reports={reports} customerId={user.id} /> : null}
    </>
  );
}

function Counter({
  label,
  value,
  tone,
  icon,
}: {
  label: string;
  value: number;
  tone: string;
  icon: ReactNode;
}) {
  const { number } = useT();
  return (
    <li className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className={cn("inline-flex rounded-lg p-2", tone)}>{icon}</span>
      <span className="min-w-0">
        <span className="block text-2xl font-bold text-slate-900">{number(value)}</span>
        <span className="block text-sm break-words text-slate-700">{label}</span>
      </span>
    </li>
  );
}
