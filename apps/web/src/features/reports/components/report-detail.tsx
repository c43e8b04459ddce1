import { ArrowLeft, Download, FileQuestion, Printer, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { type Report } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSample } from "@/lib/api/get-sample";
import { isApiError } from "@/lib/api-client";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";
import { useReport } from "@/lib/api/get-report";
import { LAB_RESULT_FIELDS } from "@/utils/report-result";
import { ResultBanner, RevokedBanner } from "@/components/reports/result-banner";
import { TestResultsTable } from "@/components/reports/test-results-table";
import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { ErrorText } from "@/components/reports/error-text";
import { LINK_SLOT, WithLink } from "@/components/reports/with-link";
import { LocalizedMessage } from "@/lib/i18n/localized-message";

import { useDownloadReportPdf } from "../api/download-report-pdf";
import { marketOutcome } from "../utils/market-outcome";
import { CheckCode } from "./check-code";
import { MarketOutcomeBox } from "./market-outcome";
import { ResultsByPanel } from "./results-by-panel";
import { ShareReport } from "./share-report";

function BackLink() {
  const { t } = useT("reports");
  return (
    <Link to={paths.reports.href()} className={buttonClasses("outline")}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t("reports.detail.back")}
    </Link>
  );
}

/** The Report detail screen (/report/{reportId}); missing or foreign: Report Not Found. */
export function ReportDetail({ reportId }: { reportId: string }) {
  const { t } = useT("reports");
  const report = useReport(reportId);

  if (report.isError) {
    const notFound = isApiError(report.error) && [400, 403, 404].includes(report.error.status);
    return (
      <div className="mx-auto max-w-xl py-10">
        <Card>
          <CardBody className="space-y-4 text-center">
            <FileQuestion aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
            <h1 className="text-xl font-bold text-slate-900">
              {notFound ? t("reports.detail.notFound") : t("reports.detail.loadError")}
            </h1>
            <p role="alert" className="text-sm text-slate-700">
              {notFound ? <LocalizedMessage text={"reportNotFoundUi"} /> : <ErrorText error={report.error} />}
            </p>
            <BackLink />
          </CardBody>
        </Card>
      </div>
    );
  }
  if (report.isPending) return <LoadingState label={t("reports.detail.loading")} />;
  return <ReportView report={report.data} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="print:break-inside-avoid print:border-slate-400 print:shadow-none">
      <CardBody className="space-y-3">
        <h2 className="text-lg font-semibold break-words text-slate-900">{title}</h2>
        {children}
      </CardBody>
    </Card>
  );
}

function Paragraph({ text }: { text: string }) {
  return <p className="text-sm whitespace-pre-line text-slate-800">{text}</p>;
}

/** The revocation's reason in the reader's language: the server sends its code beside the English. */
function useRevokedReason(report: Report): string | null {
  const names = useDomainNames();
  return report.revokedReasonCode ? names.revocationReason(report.revokedReasonCode) : report.revokedReason;
}

function ReportView({ report }: { report: Report }) {
  const { t, date } = useT("reports");
  const revokedReason = useRevokedReason(report);
  const download = useDownloadReportPdf();
  // Certified results carry a parameter table; reports from before them, free text per test type.
  const certified = report.parameters.length > 0;
  // Only the free-text sections with something recorded: an empty one says nothing.
  const labNotes = LAB_RESULT_FIELDS.filter((field) => report.details.labResults[field.key].trim() !== "");

  return (
    <article className="mx-auto max-w-4xl space-y-5" aria-labelledby="report-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 id="report-title" className="text-2xl font-bold break-words text-slate-900">
            {t("reports.detail.title", { id: report.id })}
          </h1>
          <p className="text-sm text-slate-700">
            {t("reports.detail.subtitle", {
              sampleId: report.sampleId,
              date: date(report.completedAt, "dateTime"),
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button
            isLoading={download.isPending}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
            onClick={() => download.mutate(report)}
          >
            {t("reports.card.download")}
          </Button>
          <ShareReport report={report} />
          <Button
            variant="outline"
            icon={<Printer aria-hidden="true" className="h-4 w-4" />}
            onClick={() => window.print()}
          >
            {t("reports.detail.print")}
          </Button>
          <BackLink />
        </div>
      </div>

      {report.status === "revoked" ? (
        <RevokedBanner revokedAt={report.revokedAt} reason={revokedReason} />
      ) : certified ? (
        <MarketOutcomeBox report={report} />
      ) : (
        <ResultBanner result={report.result} />
      )}
      {report.status === "revoked" && certified ? (
        <MarketVerdictChips markets={report.markets} showVersion />
      ) : null}
      <Amendment report={report} />

      <Section title={t("reports.detail.section.certification")}>
        <Certification report={report} />
      </Section>

      <Section title={t("reports.detail.section.sample")}>
        <SampleInfo sampleId={report.sampleId} />
      </Section>

      {report.details.initialInspection.trim() !== "" ? (
        <Section title={t("reports.detail.section.inspection")}>
          <Paragraph text={report.details.initialInspection} />
        </Section>
      ) : null}

      {certified ? (
        <Section title={t("reports.detail.allResults")}>
          <ResultsByPanel report={report} />
          <People report={report} />
        </Section>
      ) : (
        <Section title={t("reports.detail.section.lab")}>
          {labNotes.length > 0 ? (
            <dl className="grid gap-3 sm:grid-cols-2">
              {labNotes.map((field) => (
                <div key={field.key} className="min-w-0">
                  <dt className="text-xs font-medium text-slate-600">{t(field.label)}</dt>
                  <dd className="text-sm break-words whitespace-pre-line text-slate-900">
                    {report.details.labResults[field.key]}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          <TestResultsTable tests={report.tests} caption={t("reports.detail.perTest")} />
          <People report={report} />
        </Section>
      )}

      {/* A certified report's review line is generated from its verdicts, shown above in words. */}
      {!certified && report.details.finalReview.trim() !== "" ? (
        <Section title={t("reports.detail.section.review")}>
          <Paragraph text={report.details.finalReview} />
        </Section>
      ) : null}
    </article>
  );
}

/** The certificate's number, check code and link, and which markets it certifies and which not. */
function Certification({ report }: { report: Report }) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  const certification = report.details.certification;
  if (report.status === "revoked")
    return <p className="text-sm text-slate-700">{t("reports.detail.revokedNothing")}</p>;
  if (!certification)
    return (
      <p className="text-sm text-slate-700">
        {report.markets.length > 0 && report.markets.every((market) => market.verdict !== "pass")
          ? t("reports.outcome.none")
          : t("reports.detail.noCertificate")}
      </p>
    );
  const outcome = marketOutcome(report);
  const list = (codes: readonly string[]) =>
    codes
      .map((code) => names.market(code, report.markets.find((m) => m.code === code)?.name ?? code))
      .join(", ");
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ShieldCheck aria-hidden="true" className="h-6 w-6 text-teal-700" />
      <span className="min-w-0">
        <span className="block text-xs font-medium text-slate-600">{t("reports.detail.certNumber")}</span>
        <span className="font-mono text-base font-semibold text-slate-900">{certification}</span>
      </span>
      {report.checkCode ? <CheckCode code={report.checkCode} /> : null}
      {outcome.certified.length > 0 ? (
        <dl className="grid w-full gap-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{t("reports.detail.certifies")}</dt>
            <dd className="font-semibold [overflow-wrap:anywhere] text-green-900">
              {list(outcome.certified)}
            </dd>
          </div>
          {outcome.notCertified.length > 0 ? (
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">{t("reports.detail.doesNotCertify")}</dt>
              <dd className="font-semibold [overflow-wrap:anywhere] text-red-900">
                {list(outcome.notCertified)}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {report.sha256 ? (
        <span className="block w-full min-w-0 text-xs text-slate-700">
          {t("reports.detail.sha256")}{" "}
          <span className="font-mono [overflow-wrap:anywhere]">{report.sha256}</span>
        </span>
      ) : null}
      <Link
        // The code in the fragment opens the full answer and stays out of every server log.
        to={{
          pathname: paths.verify.href(certification),
          hash: report.checkCode ? `#c=${report.checkCode}` : "",
        }}
        className="inline-flex min-h-11 items-center text-sm font-medium text-teal-800 underline lg:min-h-0 print:hidden"
      >
        {t("reports.detail.verifyLink")}
      </Link>
    </div>
  );
}

function SampleInfo({ sampleId }: { sampleId: number }) {
  const { t, date } = useT("reports");
  const domain = useDomainNames();
  const sample = useSample(String(sampleId));
  if (sample.isError)
    return <p className="text-sm text-slate-700">{t("reports.card.sample", { id: sampleId })}</p>;
  if (sample.isPending) return <p className="text-sm text-slate-700">{t("reports.detail.sample.loading")}</p>;
  const data = sample.data;
  const rows: [string, string][] = [
    [t("reports.detail.sample.id"), `#${data.id}`],
    [t("reports.detail.sample.category"), domain.category(data.shrimpCategory)],
    [
      t("reports.detail.sample.testTypes"),
      data.testTypes.map((testType) => domain.testType(testType)).join(", ") || data.shrimpSubCategory,
    ],
    [t("reports.detail.sample.sampler"), data.samplerName],
    [t("reports.detail.sample.location"), data.samplerLocation || t("reports.detail.sample.noLocation")],
    [t("reports.detail.sample.submitted"), date(data.createdAt, "dateTime")],
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

/** Who entered the results and who reviewed and released them, with the times. */
function People({ report }: { report: Report }) {
  const { t, date } = useT("reports");
  if (!report.analyst && !report.reviewer) return null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {report.analyst ? (
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{t("reports.detail.people.analyst")}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {t("reports.detail.people.entry", {
              name: report.analyst.name,
              date: date(report.analyst.at, "dateTime"),
            })}
          </dd>
        </div>
      ) : null}
      {report.reviewer ? (
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{t("reports.detail.people.reviewer")}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {t("reports.detail.people.entry", {
              name: report.reviewer.name,
              date: date(report.reviewer.at, "dateTime"),
            })}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The chain of an amended report: the revoked one names its replacement, the new one what it replaces. */
function Amendment({ report }: { report: Report }) {
  const { t } = useT("reports");
  const revokedReason = useRevokedReason(report);
  if (!report.replacedBy && !report.replaces) return null;
  const reportName = (link: { id: number; certification: string | null }) =>
    link.certification ?? t("reports.card.reportRef", { id: link.id });
  return (
    <section
      aria-label={t("reports.amendment.label")}
      className="space-y-1 rounded-xl border border-slate-300 bg-white p-4 text-sm"
    >
      {report.replacedBy ? (
        <p className="[overflow-wrap:anywhere] text-slate-900">
          {revokedReason
            ? t("reports.amendment.revokedReason", { reason: revokedReason })
            : t("reports.amendment.revoked")}{" "}
          <WithLink
            text={t("reports.amendment.replacedBy", { link: LINK_SLOT })}
            link={
              <Link
                to={paths.report.href(report.replacedBy.id)}
                className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline lg:min-h-0"
              >
                {reportName(report.replacedBy)}
              </Link>
            }
          />
          {report.replacedBy.certification ? "" : ` ${t("reports.amendment.noCertificate")}`}
        </p>
      ) : null}
      {report.replaces ? (
        <p className="[overflow-wrap:anywhere] text-slate-900">
          <WithLink
            text={t("reports.amendment.replaces", { link: LINK_SLOT })}
            link={
              <Link
                to={paths.report.href(report.replaces.id)}
                className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline lg:min-h-0"
              >
                {reportName(report.replaces)}
              </Link>
            }
          />
        </p>
      ) : null}
    </section>
  );
}
