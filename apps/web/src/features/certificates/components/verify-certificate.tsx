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
import { resultLabel } from "@/utils/report-result";
import { formatDate, formatDateTime } from "@/utils/dates";
import { isApiError } from "@/lib/api-client";

import { useCertificate } from "../api/get-certificate";
import { PdfCheck } from "./pdf-check";

export const NUMBER_REQUIRED = "Enter the certification number printed on the report.";

/** Public certificate check (/verify, /verify/{number}): genuine and valid, revoked, or unknown. */
export function VerifyCertificate({ number }: { number: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(number);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim().toUpperCase();
    if (!trimmed) {
      setError(NUMBER_REQUIRED);
      return;
    }
    setError(undefined);
    void navigate(paths.verify.href(trimmed));
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Verify a Certificate</h1>
        <p className="mt-1 text-sm text-slate-700">
          Check that a certificate of analysis was issued by {LAB_NAME} and is still valid. Enter the
          certification number printed on the report (for example NSP-CERT-2026-001).
        </p>
      </div>
      <Card>
        <CardBody>
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label="Verify certificate"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field id="certificate-number" label="Certification Number" error={error} className="flex-1">
              <Input
                id="certificate-number"
                name="number"
                autoComplete="off"
                spellCheck={false}
                placeholder="NSP-CERT-2026-001"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                invalid={Boolean(error)}
                aria-describedby={describedBy("certificate-number", error)}
              />
            </Field>
            <Button type="submit" icon={<Search aria-hidden="true" className="h-4 w-4" />}>
              Verify
            </Button>
          </form>
        </CardBody>
      </Card>
      {number ? <CertificateResult key={number} number={number} /> : null}
    </div>
  );
}

function CertificateResult({ number }: { number: string }) {
  const certificate = useCertificate(number);
  if (certificate.status === "pending") return <LoadingState label="Checking certificate..." />;
  if (certificate.status === "error") {
    const unknown = isApiError(certificate.error) && certificate.error.status === 404;
    return (
      <Verdict
        tone="unknown"
        icon={<ShieldQuestion aria-hidden="true" className="h-8 w-8 shrink-0 text-slate-600" />}
        title={unknown ? "Certificate Not Found" : "The check could not be completed"}
      >
        <p>{unknown ? messages.certificateNotFound : certificate.error.message}</p>
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
  return (
    <section
      aria-label="Verification result"
      aria-live="polite"
      className={cn("flex items-start gap-3 rounded-xl border p-4 sm:p-5", toneClasses[tone])}
    >
      {icon}
      <div className="min-w-0 text-sm">
        <h2 className="text-xl font-bold">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function CertificateView({ certificate }: { certificate: Certificate }) {
  const revoked = certificate.status === "revoked";
  const facts: [string, string][] = [
    ["Certification Number", certificate.number],
    ["Issue Date", formatDate(certificate.issuedAt)],
    ["Result", resultLabel(certificate.result)],
    ["Shrimp Category", certificate.shrimpCategory],
  ];
  return (
    <div className="space-y-4">
      {revoked ? (
        <Verdict
          tone="revoked"
          icon={<Ban aria-hidden="true" className="h-8 w-8 shrink-0 text-red-700" />}
          title="Certificate Revoked"
        >
          <p>
            This certificate was issued by {LAB_NAME} but was revoked
            {certificate.revokedAt ? ` on ${formatDateTime(certificate.revokedAt)}` : ""}. It is no longer
            valid.
          </p>
          {certificate.revokedReason ? (
            <p className="mt-1 font-medium">Reason: {certificate.revokedReason}</p>
          ) : null}
          {certificate.replacedBy ? (
            <p className="mt-1 [overflow-wrap:anywhere]">
              Replaced by{" "}
              <Link
                to={paths.verify.href(certificate.replacedBy)}
                className="inline-flex min-h-11 items-center font-semibold underline lg:min-h-0"
              >
                {certificate.replacedBy}
              </Link>
            </p>
          ) : null}
        </Verdict>
      ) : (
        <Verdict
          tone="valid"
          icon={<BadgeCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-green-700" />}
          title="Genuine and Valid"
        >
          <p>This certificate was issued by {LAB_NAME} and is valid.</p>
        </Verdict>
      )}
      <Card>
        <CardBody className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Certificate Details</h2>
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
              <h3 className="text-sm font-semibold text-slate-900">Markets</h3>
              <MarketVerdictChips markets={certificate.markets} label="Market verdicts" showVersion />
            </div>
          ) : null}
          {certificate.parameters.length > 0 ? (
            <ParameterResults lines={certificate.parameters} caption="Results on the certificate" />
          ) : (
            <TestResultsTable tests={certificate.tests} caption="Tests on the certificate" />
          )}
          {certificate.sha256 ? (
            <div className="min-w-0 text-sm">
              <p className="text-xs font-medium text-slate-600">SHA-256 of the issued PDF</p>
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
