import type { CertificateFull } from "@lab/contracts";
import { Ban, FileCheck2, FileWarning, Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";

import { ErrorText } from "@/components/reports/error-text";
import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

import { sha256Hex } from "../utils/sha256";

/** The verdicts in English (the catalogue's reports.pdf.genuine / changed), for tests that read them. */
export const PDF_GENUINE = "This PDF is byte-for-byte the certificate the lab issued.";
export const PDF_CHANGED =
  "This PDF is NOT the certificate the lab issued: it has been changed or is a different document.";
/** How the verdict on the issued file of a revoked certificate begins (reports.pdf.issuedRevoked). */
export const PDF_ISSUED_REVOKED = "This is the certificate as issued, and it was REVOKED";

/** What a matching file is said to be: a revoked certificate's issued file is never called valid. */
export type IssuedStanding = Pick<
  CertificateFull,
  "status" | "revokedAt" | "revokedReasonCode" | "replacedBy"
>;

/**
 * The verdict on a file whose hash is the issued one: genuine while the certificate stands; once it
 * is revoked, that it is the file as issued and that it was revoked (when, why, what replaced it).
 */
export function IssuedFileVerdict({ standing, name }: { standing: IssuedStanding | null; name?: string }) {
  const { t, date } = useT("reports", "domain");
  const revoked = standing?.status === "revoked";
  const reason = t(`domain.revocationReason.${standing?.revokedReasonCode ?? "other"}`);
  return (
    <div
      role="status"
      className={cn(
        "flex items-start gap-3 rounded-xl border p-4 text-sm",
        revoked ? "border-red-400 bg-red-50 text-red-950" : "border-green-300 bg-green-50 text-green-950",
      )}
    >
      {revoked ? (
        <Ban aria-hidden="true" className="h-6 w-6 shrink-0 text-red-700" />
      ) : (
        <FileCheck2 aria-hidden="true" className="h-6 w-6 shrink-0 text-green-700" />
      )}
      <div className="min-w-0">
        <p className="font-semibold">
          {!revoked
            ? t("reports.pdf.genuine")
            : standing.revokedAt
              ? t("reports.pdf.issuedRevoked", { date: date(standing.revokedAt, "date"), reason })
              : t("reports.pdf.issuedRevokedUndated", { reason })}
        </p>
        {revoked && standing.replacedBy ? (
          <p className="mt-1 [overflow-wrap:anywhere]">
            {t("reports.pdf.issuedReplacedBy", { number: standing.replacedBy })}
          </p>
        ) : null}
        {name === undefined ? null : (
          <p className="mt-1 [overflow-wrap:anywhere]">{t("reports.pdf.file", { name })}</p>
        )}
      </div>
    </div>
  );
}

type CheckState =
  | { status: "idle" }
  | { status: "checking"; name: string }
  | { status: "done"; name: string; digest: string; genuine: boolean }
  | { status: "error"; error: Error | undefined };

/**
 * "Check a PDF you hold": hashes the chosen file in the browser and asks `check` whether that is the
 * SHA-256 the lab stored at release (compared here when the page has it, else by the lab). The file
 * itself is never uploaded. Tap the button on a phone, or drop the file on a desktop.
 */
export function PdfCheck({
  check: isIssued,
  standing = null,
}: {
  check: (digest: string) => Promise<boolean>;
  /** How the certificate stands, when the page knows it (a revoked one's file is not "genuine"). */
  standing?: IssuedStanding | null;
}) {
  const { t } = useT("reports");
  const inputId = useId();
  const [state, setState] = useState<CheckState>({ status: "idle" });
  const [dragging, setDragging] = useState(false);
  // A slower check of an earlier file must not overwrite the answer about a later one.
  const latest = useRef(0);

  const check = async (file: File | undefined) => {
    if (!file) return;
    const run = ++latest.current;
    setState({ status: "checking", name: file.name });
    try {
      const digest = await sha256Hex(file);
      const genuine = await isIssued(digest);
      if (run !== latest.current) return;
      setState({ status: "done", name: file.name, digest, genuine });
    } catch (error) {
      if (run !== latest.current) return;
      setState({ status: "error", error: error instanceof Error && error.message ? error : undefined });
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-3">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        {t("reports.pdf.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("reports.pdf.intro")}</p>
      <div
        data-testid="pdf-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-4 text-center text-sm",
          dragging ? "border-teal-600 bg-teal-50" : "border-slate-300 bg-slate-50",
        )}
      >
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-teal-700 hover:bg-teal-800"
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          {t("reports.pdf.choose")}
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            onChange={(event) => {
              void check(event.target.files?.[0]);
              // The same file can be chosen again after a change.
              event.target.value = "";
            }}
          />
        </label>
        <span className="hidden text-slate-700 sm:block">{t("reports.pdf.drop")}</span>
      </div>
      <div aria-live="polite">
        {state.status === "checking" ? (
          <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
            {t("reports.pdf.checking", { name: state.name })}
          </p>
        ) : null}
        {state.status === "error" ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {state.error ? <ErrorText error={state.error} /> : t("reports.pdf.unreadable")}
          </p>
        ) : null}
        {state.status === "done" && state.genuine ? (
          <div className="space-y-1">
            <IssuedFileVerdict standing={standing} name={state.name} />
            <p className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">
              {t("reports.pdf.digest", { digest: state.digest })}
            </p>
          </div>
        ) : null}
        {state.status === "done" && !state.genuine ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border border-red-400 bg-red-50 p-4 text-sm text-red-950"
          >
            <FileWarning aria-hidden="true" className="h-6 w-6 shrink-0 text-red-700" />
            <div className="min-w-0">
              <p className="font-semibold">{t("reports.pdf.changed")}</p>
              <p className="mt-1 [overflow-wrap:anywhere]">{t("reports.pdf.file", { name: state.name })}</p>
              <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere]">
                {t("reports.pdf.digest", { digest: state.digest })}
              </p>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
