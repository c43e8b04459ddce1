import { BadgeCheck, Ban, Search, ShieldQuestion } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

import { messages, type Certificate } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, Input, describedBy } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { LAB_NAME } from "@/config/brand";
import { paths } from "@/config/paths";
import { TestResultsTable } from "@/components/reports/test-results-table";
import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { ParameterResults } from "@/components/reports/parameter-results";
import { ErrorText } from "@/components/reports/error-text";
import { LINK_SLOT, WithLink } from "@/components/reports/with-link";
import { isApiError } from "@/lib/api-client";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { useCertificate } from "../api/get-certificate";
import { PdfCheck } from "./pdf-check";

/** The empty-number error in English (the catalogue's reports.verify.numberRequired), for tests. */
export const NUMBER_REQUIRED = "Enter the certification number printed on the report.";

/** Public certificate check (/verify, /verify/{number}): genuine and valid, revoked, or unknown. */
export function VerifyCertificate({ number }: { number: string }) {
  const { t } = useT("reports");
  const navigate = useNavigate();
  const [value, setValue] = useState(number);
  // Kept as a flag, not a text: a language switch rewords it.
  const [error, setError] = useState(false);
  const errorText = error ? t("reports.verify.numberRequired") : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim().toUpperCase();
    if (!trimmed) {
      setError(true);
      return;
    }
    setError(false);
    void navigate(paths.verify.href(trimmed));
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
          {t("reports.verify.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{t("reports.verify.intro", { lab: LAB_NAME })}</p>
      </div>
      <Card>
        <CardBody>
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label={t("reports.verify.form")}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field
              id="certificate-number"
              label={t("reports.verify.number")}
              error={errorText}
              className="min-w-0 flex-1"
            >
              <Input
                id="certificate-number"
                name="number"
                autoComplete="off"
                spellCheck={false}
                placeholder="NSP-CERT-2026-001"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                invalid={error}
                aria-describedby={describedBy("certificate-number", errorText)}
              />
            </Field>
            <Button type="submit" icon={<Search aria-hidden="true" className="h-4 w-4" />}>
              {t("reports.verify.submit")}
            </Button>
          </form>
        </CardBody>
      </Card>
      {number ? <CertificateResult key={number} number={number} /> : null}
    </div>
  );
}

function CertificateResult({ number }: { number: string }) {
  const { t } = useT("reports");
  const certificate = useCertificate(number);
  if (certificate.status === "pending") return <LoadingState label={t("reports.verify.checking")} />;
  if (certificate.status === "error") {
    const unknown = isApiError(certificate.error) && certificate.error.status === 404;
    return (
      <Verdict
        tone="unknown"
        icon={<ShieldQuestion aria-hidden="true" className="h-8 w-8 shrink-0 text-slate-600" />}
        title={unknown ? t("reports.verify.notFound") : t("reports.verify.failed")}
      >
        <p>
          {unknown ? (
            <LocalizedMessage text={messages.certificateNotFound} />
          ) : (
            <ErrorText error={certificate.error} />
          )}
        </p>
        {unknown ? <p className="mt-1 font-mono">{number}</p> : null}
      </Verdict>
    );
  }
  return <CertificateView certificate={certificate.data} />;
}

const toneClasses = {
  valid: "border-green-300 bg-green-50 text-green-950",
  revoked: "border-red-300 bg-red-50 text-red-950",
  unknown: "border-slate-300 bg-white text-slate-900",
} as const;

function Verdict({
  tone,
  icon,
  title,
  children,
}: {
  tone: keyof typeof toneClasses;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const { t } = useT("reports");
  return (
    <section
      aria-label={t("reports.verify.resultLabel")}
      aria-live="polite"
      className={cn("flex items-start gap-3 rounded-xl border p-4 sm:p-5", toneClasses[tone])}
    >
      {icon}
      <div className="min-w-0 text-sm">
        <h2 className="text-xl font-bold break-words">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function CertificateView({ certificate }: { certificate: Certificate }) {
  const { t, date } = useT("reports", "results");
  const names = useResultNames();
  const domain = useDomainNames();
  const revoked = certificate.status === "revoked";
  const facts: [string, string][] = [
    [t("reports.verify.number"), certificate.number],
    [t("reports.verify.issueDate"), date(certificate.issuedAt, "date")],
    [t("reports.verify.result"), names.resultLabel(certificate.result)],
    [t("reports.verify.category"), domain.category(certificate.shrimpCategory)],
  ];
  return (
    <div className="space-y-4">
      {revoked ? (
        <Verdict
          tone="revoked"
          icon={<Ban aria-hidden="true" className="h-8 w-8 shrink-0 text-red-700" />}
          title={t("reports.verify.revokedTitle")}
        >
          <p>
            {certificate.revokedAt
              ? t("reports.verify.revokedOn", {
                  lab: LAB_NAME,
                  date: date(certificate.revokedAt, "dateTime"),
                })
              : t("reports.verify.revokedUndated", { lab: LAB_NAME })}
          </p>
          {certificate.revokedReason ? (
            <p className="mt-1 font-medium">
              {t("reports.verify.reason", { reason: certificate.revokedReason })}
            </p>
          ) : null}
          {certificate.replacedBy ? (
            <p className="mt-1 [overflow-wrap:anywhere]">
              <WithLink
                text={t("reports.verify.replacedBy", { link: LINK_SLOT })}
                link={
                  <Link
                    to={paths.verify.href(certificate.replacedBy)}
                    className="inline-flex min-h-11 items-center font-semibold underline lg:min-h-0"
                  >
                    {certificate.replacedBy}
                  </Link>
                }
              />
            </p>
          ) : null}
        </Verdict>
      ) : (
        <Verdict
          tone="valid"
          icon={<BadgeCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-green-700" />}
          title={t("reports.verify.validTitle")}
        >
          <p>{t("reports.verify.validBody", { lab: LAB_NAME })}</p>
        </Verdict>
      )}
      <Card>
        <CardBody className="space-y-4">
          <h2 className="text-lg font-semibold break-words text-slate-900">{t("reports.verify.details")}</h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            {facts.map(([label, text]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className="text-sm break-words text-slate-900">{text}</dd>
              </div>
            ))}
          </dl>
          {certificate.markets.length > 0 ? (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-900">{t("reports.verify.markets")}</h3>
              <MarketVerdictChips
                markets={certificate.markets}
                label={t("reports.verify.marketVerdicts")}
                showVersion
              />
            </div>
          ) : null}
          {certificate.parameters.length > 0 ? (
            <ParameterResults lines={certificate.parameters} caption={t("reports.verify.parameters")} />
          ) : (
            <TestResultsTable tests={certificate.tests} caption={t("reports.verify.tests")} />
          )}
          {certificate.sha256 ? (
            <div className="min-w-0 text-sm">
              <p className="text-xs font-medium text-slate-600">{t("reports.verify.sha256")}</p>
              <p className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">
                {certificate.sha256}
              </p>
            </div>
          ) : null}
        </CardBody>
      </Card>
      {certificate.sha256 ? (
        <Card>
          <CardBody>
            <PdfCheck expected={certificate.sha256} />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
