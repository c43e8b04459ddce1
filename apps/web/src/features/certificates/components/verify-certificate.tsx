import { BadgeCheck, Ban, Search, ShieldQuestion } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import {
  formatCheckCode,
  normalizeCheckCode,
  type Certificate,
  type CertificateFull,
  type CertificateSummary,
} from "@lab/contracts";

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

import { getCertificate, useCertificate } from "../api/get-certificate";
import { checkCodeFromHash, checkCodeHash, isCheckCode } from "../utils/check-code";
import { sameDigest } from "../utils/sha256";
import { IssuedFileVerdict, PdfCheck } from "./pdf-check";

/** The empty-number error in English (the catalogue's reports.verify.numberRequired), for tests. */
export const NUMBER_REQUIRED = "Enter the certification number printed on the report.";
/** The summary's line in English (reports.verify.summaryNote), for tests. */
export const FULL_RESULTS_NEED_CODE =
  "The full results need the check code printed on the certificate, or the PDF file itself.";
/** The wrong-code notice in English (reports.verify.codeMismatch), for tests. */
export const CODE_MISMATCH =
  "The check code does not match this certificate. Only whether it stands is shown.";

/**
 * Public certificate check (/verify, /verify/{number}, and from a certificate's QR code
 * /verify/{number}#c={check code}): whether it stands to anyone, the results with the check code.
 */
export function VerifyCertificate({ number }: { number: string }) {
  const { t } = useT("reports");
  const navigate = useNavigate();
  const code = checkCodeFromHash(useLocation().hash);
  const [value, setValue] = useState(number);
  const [codeValue, setCodeValue] = useState(code === undefined ? "" : formatCheckCode(code));
  // Kept as flags, not texts: a language switch rewords them.
  const [error, setError] = useState(false);
  const [codeError, setCodeError] = useState(code !== undefined && !isCheckCode(code));
  const errorText = error ? t("reports.verify.numberRequired") : undefined;
  const codeErrorText = codeError ? t("reports.verify.codeInvalid") : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim().toUpperCase();
    const typedCode = codeValue.trim();
    const badCode = typedCode !== "" && !isCheckCode(typedCode);
    setError(!trimmed);
    setCodeError(badCode);
    if (!trimmed || badCode) return;
    void navigate({
      pathname: paths.verify.href(trimmed),
      hash: checkCodeHash(typedCode === "" ? undefined : normalizeCheckCode(typedCode)),
    });
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
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
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
                className="min-h-11"
              />
            </Field>
            <Field
              id="check-code"
              label={t("reports.verify.code")}
              hint={t("reports.verify.codeHint")}
              error={codeErrorText}
              className="min-w-0 flex-1"
            >
              <Input
                id="check-code"
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="4F3A-91C2-0B7D-E5A1"
                maxLength={40}
                value={codeValue}
                onChange={(event) => setCodeValue(event.target.value)}
                invalid={codeError}
                aria-describedby={describedBy("check-code", codeErrorText, true)}
                className="min-h-11 font-mono"
              />
            </Field>
            <Button
              type="submit"
              className="sm:mt-6"
              icon={<Search aria-hidden="true" className="h-4 w-4" />}
            >
              {t("reports.verify.submit")}
            </Button>
          </form>
        </CardBody>
      </Card>
      {number ? (
        <CertificateResult
          key={`${number}#${code ?? ""}`}
          number={number}
          code={code !== undefined && isCheckCode(code) ? code : undefined}
        />
      ) : null}
    </div>
  );
}

function CertificateResult({ number, code }: { number: string; code: string | undefined }) {
  const { t } = useT("reports");
  const certificate = useCertificate(number, code);
  // The full certificate a PDF the visitor holds opened.
  const [opened, setOpened] = useState<CertificateFull | null>(null);
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
            <LocalizedMessage text={"certificateNotFound"} />
          ) : (
            <ErrorText error={certificate.error} />
          )}
        </p>
        {unknown ? <p className="mt-1 font-mono">{number}</p> : null}
      </Verdict>
    );
  }
  const answer: Certificate = opened ?? certificate.data;
  return answer.detail === "full" ? (
    <CertificateView certificate={answer} openedByFile={opened !== null} />
  ) : (
    <CertificateSummaryView summary={answer} onOpened={setOpened} />
  );
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

/** Whether the certificate stands: valid, or revoked (when and why to a holder) and what replaced it. */
function Standing({ certificate }: { certificate: Certificate }) {
  const { t, date } = useT("reports", "domain");
  if (certificate.status === "valid") {
    return (
      <Verdict
        tone="valid"
        icon={<BadgeCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-green-700" />}
        title={t("reports.verify.validTitle")}
      >
        <p>{t("reports.verify.validBody", { lab: LAB_NAME })}</p>
      </Verdict>
    );
  }
  const full = certificate.detail === "full" ? certificate : null;
  return (
    <Verdict
      tone="revoked"
      icon={<Ban aria-hidden="true" className="h-8 w-8 shrink-0 text-red-700" />}
      title={t("reports.verify.revokedTitle")}
    >
      <p>
        {full?.revokedAt
          ? t("reports.verify.revokedOn", { lab: LAB_NAME, date: date(full.revokedAt, "dateTime") })
          : t("reports.verify.revokedUndated", { lab: LAB_NAME })}
      </p>
      {full?.revokedReasonCode ? (
        <p className="mt-1 font-medium">
          {t("reports.verify.reason", {
            reason: t(`domain.revocationReason.${full.revokedReasonCode}`),
          })}
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
  );
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {facts.map(([label, text]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-sm break-words text-slate-900">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The number alone (or with a code that did not match): the standing, and how to see the results. */
function CertificateSummaryView({
  summary,
  onOpened,
}: {
  summary: CertificateSummary;
  onOpened: (full: CertificateFull) => void;
}) {
  const { t, date } = useT("reports");
  // The lab compares the file's hash: this page does not have the issued one.
  const checkFile = async (digest: string) => {
    const answer = await getCertificate(summary.number, { sha256: digest });
    if (answer.detail !== "full") return false;
    onOpened(answer);
    return true;
  };
  return (
    <div className="space-y-4">
      <Standing certificate={summary} />
      {summary.mismatch ? (
        <p
          role="alert"
          className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm font-medium text-amber-950"
        >
          {t("reports.verify.codeMismatch")}
        </p>
      ) : null}
      <Card>
        <CardBody className="space-y-4">
          <h2 className="text-lg font-semibold break-words text-slate-900">{t("reports.verify.details")}</h2>
          <Facts
            facts={[
              [t("reports.verify.number"), summary.number],
              [t("reports.verify.issueDate"), date(summary.issuedAt, "date")],
              [t("reports.verify.lab"), summary.lab],
            ]}
          />
          <p className="text-sm text-slate-700">{t("reports.verify.summaryNote")}</p>
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <PdfCheck check={checkFile} />
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * The certificate as a holder reads it. A buyer's own specification is named only as such (the API
 * never says whose): "Buyer specification", numbered when there are several.
 */
function withBuyerNames(certificate: CertificateFull, label: (n: number | null) => string): CertificateFull {
  const buyers = certificate.markets.filter((market) => market.buyer);
  const names = new Map(
    buyers.map((market, index) => [market.code, label(buyers.length > 1 ? index + 1 : null)]),
  );
  const named = (code: string) => names.get(code) ?? code;
  return {
    ...certificate,
    markets: certificate.markets.map((market) =>
      market.buyer ? { ...market, code: named(market.code), name: named(market.code) } : market,
    ),
    parameters: certificate.parameters.map((line) => ({
      ...line,
      markets: line.markets.map((market) => ({ ...market, code: named(market.code) })),
    })),
  };
}

function CertificateView({
  certificate: answer,
  openedByFile,
}: {
  certificate: CertificateFull;
  openedByFile: boolean;
}) {
  const { t, date } = useT("reports", "results");
  const names = useResultNames();
  const domain = useDomainNames();
  const certificate = withBuyerNames(answer, (n) =>
    n === null ? t("reports.verify.buyerSpec") : t("reports.verify.buyerSpecNumbered", { n }),
  );
  const facts: [string, string][] = [
    [t("reports.verify.number"), certificate.number],
    [t("reports.verify.issueDate"), date(certificate.issuedAt, "date")],
    [t("reports.verify.lab"), certificate.lab],
    [t("reports.verify.result"), names.resultLabel(certificate.result)],
    [t("reports.verify.category"), domain.category(certificate.shrimpCategory)],
  ];
  const expected = certificate.sha256;
  return (
    <div className="space-y-4">
      <Standing certificate={certificate} />
      {openedByFile ? <IssuedFileVerdict standing={certificate} /> : null}
      <Card>
        <CardBody className="space-y-4">
          <h2 className="text-lg font-semibold break-words text-slate-900">{t("reports.verify.details")}</h2>
          <Facts facts={facts} />
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
          {expected ? (
            <div className="min-w-0 text-sm">
              <p className="text-xs font-medium text-slate-600">{t("reports.verify.sha256")}</p>
              <p className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">{expected}</p>
            </div>
          ) : null}
        </CardBody>
      </Card>
      {expected && !openedByFile ? (
        <Card>
          <CardBody>
            <PdfCheck
              check={(digest) => Promise.resolve(sameDigest(digest, expected))}
              standing={certificate}
            />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
