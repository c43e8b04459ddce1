import { ArrowLeft, Download, FileQuestion, Printer, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { messages, type Report } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSample } from "@/lib/api/get-sample";
import { formatDateTime } from "@/utils/dates";
import { isApiError } from "@/lib/api-client";
import { useReport } from "@/lib/api/get-report";
import { LAB_RESULT_FIELDS } from "@/utils/report-result";
import { ResultBanner, RevokedBanner } from "@/components/reports/result-banner";
import { TestResultsTable } from "@/components/reports/test-results-table";
import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { ParameterResults } from "@/components/reports/parameter-results";

import { useDownloadReportPdf } from "../api/download-report-pdf";
import { ShareReport } from "./share-report";

const backLink = (
  <Link to={paths.reports.href()} className={buttonClasses("outline")}>
    <ArrowLeft aria-hidden="true" className="h-4 w-4" />
    Back to Reports
  </Link>
);

/** Spec section 2, Report detail (/report/{reportId}); missing or foreign: Report Not Found. */
export function ReportDetail({ reportId }: { reportId: string }) {
  const report = useReport(reportId);

  if (report.isError) {
    const notFound = isApiError(report.error) && [400, 403, 404].includes(report.error.status);
    return (
      <div className="mx-auto max-w-xl py-10">
        <Card>
          <CardBody className="space-y-4 text-center">
            <FileQuestion aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
            <h1 className="text-xl font-bold text-slate-900">
              {notFound ? "Report Not Found" : "Error Loading Report"}
            </h1>
            <p role="alert" className="text-sm text-slate-700">
              {notFound ? messages.reportNotFoundUi : report.error.message}
            </p>
            {backLink}
          </CardBody>
        </Card>
      </div>
    );
  }
  if (report.isPending) return <LoadingState label="Loading report..." />;
  return <ReportView report={report.data} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="print:break-inside-avoid print:border-slate-400 print:shadow-none">
      <CardBody className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {children}
      </CardBody>
    </Card>
  );
}

const Paragraph = ({ text }: { text: string }) => (
  <p className="text-sm whitespace-pre-line text-slate-800">{text || "Not recorded."}</p>
);

function ReportView({ report }: { report: Report }) {
  const download = useDownloadReportPdf();
  const certification = report.details.certification;

  return (
    <article className="mx-auto max-w-4xl space-y-5" aria-labelledby="report-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id="report-title" className="text-2xl font-bold text-slate-900">
            Test Report #{report.id}
          </h1>
          <p className="text-sm text-slate-700">
            Sample #{report.sampleId} · Completed {formatDateTime(report.completedAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button
            isLoading={download.isPending}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
            onClick={() => download.mutate(report)}
          >
            Download PDF
          </Button>
          <ShareReport report={report} />
          <Button
            variant="outline"
            icon={<Printer aria-hidden="true" className="h-4 w-4" />}
            onClick={() => window.print()}
          >
            Print Report
          </Button>
          {backLink}
        </div>
      </div>

      {report.status === "revoked" ? (
        <RevokedBanner revokedAt={report.revokedAt} reason={report.revokedReason} />
      ) : (
        <ResultBanner result={report.result} />
      )}
      <Amendment report={report} />

      <Section title="Sample Information">
        <SampleInfo sampleId={report.sampleId} />
      </Section>

      <Section title="Initial Inspection">
        <Paragraph text={report.details.initialInspection} />
      </Section>

      {report.markets.length > 0 ? (
        <Section title="Markets">
          <p className="text-sm text-slate-700">
            The results were judged against each market&apos;s limits in force at release.
          </p>
          <MarketVerdictChips markets={report.markets} showVersion />
        </Section>
      ) : null}

      <Section title="Laboratory Results">
        {hasLabNotes(report) ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            {LAB_RESULT_FIELDS.map((field) => (
              <div key={field.key} className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{field.label}</dt>
                <dd className="text-sm whitespace-pre-line text-slate-900">
                  {report.details.labResults[field.key] || "Not recorded."}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {report.parameters.length > 0 ? (
          <ParameterResults lines={report.parameters} caption="Results per parameter" />
        ) : (
          <TestResultsTable tests={report.tests} caption="Results per test type" />
        )}
        <People report={report} />
      </Section>

      <Section title="Final Review">
        <Paragraph text={report.details.finalReview} />
      </Section>

      <Section title="Certification">
        {report.status === "revoked" ? (
          <p className="text-sm text-slate-700">This report was revoked: it certifies nothing.</p>
        ) : certification ? (
          <div className="flex flex-wrap items-center gap-3">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 text-teal-700" />
            <span>
              <span className="block text-xs font-medium text-slate-600">Certification number</span>
              <span className="font-mono text-base font-semibold text-slate-900">{certification}</span>
            </span>
            {report.sha256 ? (
              <span className="block w-full min-w-0 text-xs text-slate-700">
                SHA-256 of the issued PDF:{" "}
                <span className="font-mono [overflow-wrap:anywhere]">{report.sha256}</span>
              </span>
            ) : null}
            <Link
              to={paths.verify.href(certification)}
              className="inline-flex min-h-11 items-center text-sm font-medium text-teal-800 underline lg:min-h-0 print:hidden"
            >
              Verify this certificate
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-700">No certificate is issued for a failed test.</p>
        )}
      </Section>
    </article>
  );
}

function SampleInfo({ sampleId }: { sampleId: number }) {
  const sample = useSample(String(sampleId));
  if (sample.isError) return <p className="text-sm text-slate-700">Sample #{sampleId}</p>;
  if (sample.isPending) return <p className="text-sm text-slate-700">Loading sample...</p>;
  const data = sample.data;
  const rows: [string, string][] = [
    ["Sample ID", `#${data.id}`],
    ["Shrimp Category", data.shrimpCategory],
    ["Test Types", data.testTypes.join(", ") || data.shrimpSubCategory],
    ["Sampler Name", data.samplerName],
    ["Location", data.samplerLocation || "No location specified"],
    ["Submitted", formatDateTime(data.createdAt)],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Old reports carry the five free-text sections; certified ones (with parameters) may leave them empty. */
const hasLabNotes = (report: Report) =>
  report.parameters.length === 0 || Object.values(report.details.labResults).some((text) => text !== "");

/** Who entered the results and who reviewed and released them, with the times. */
function People({ report }: { report: Report }) {
  if (!report.analyst && !report.reviewer) return null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {report.analyst ? (
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">Analysed by</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {report.analyst.name}, {formatDateTime(report.analyst.at)}
          </dd>
        </div>
      ) : null}
      {report.reviewer ? (
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">Reviewed and released by</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {report.reviewer.name}, {formatDateTime(report.reviewer.at)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

const reportName = (link: { id: number; certification: string | null }) =>
  link.certification ?? `report #${link.id}`;

/** The chain of an amended report: the revoked one names its replacement, the new one what it replaces. */
function Amendment({ report }: { report: Report }) {
  if (!report.replacedBy && !report.replaces) return null;
  return (
    <section
      aria-label="Amendment"
      className="space-y-1 rounded-xl border border-slate-300 bg-white p-4 text-sm"
    >
      {report.replacedBy ? (
        <p className="[overflow-wrap:anywhere] text-slate-900">
          {report.revokedReason ? `Revoked: ${report.revokedReason}. ` : "Revoked. "}
          Replaced by{" "}
          <Link
            to={paths.report.href(report.replacedBy.id)}
            className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline lg:min-h-0"
          >
            {reportName(report.replacedBy)}
          </Link>
          {report.replacedBy.certification ? "" : " (the retest did not pass: no certificate)"}
        </p>
      ) : null}
      {report.replaces ? (
        <p className="[overflow-wrap:anywhere] text-slate-900">
          Replaces{" "}
          <Link
            to={paths.report.href(report.replaces.id)}
            className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline lg:min-h-0"
          >
            {reportName(report.replaces)}
          </Link>
          , which the laboratory revoked.
        </p>
      ) : null}
    </section>
  );
}
