import { Ban, CircleCheck, CircleX } from "lucide-react";

import type { Report } from "@lab/contracts";

import { formatDateTime } from "@/utils/dates";

import { resultLabel } from "@/utils/report-result";

/** The success (Test Passed / Test Successful) or failure (Test Failed) banner. */
export function ResultBanner({ result }: { result: Report["result"] }) {
  const success = result === "success";
  return (
    <section
      aria-label="Result"
      className={
        success
          ? "flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900 sm:p-5"
          : "flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 sm:p-5"
      }
    >
      {success ? (
        <CircleCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-green-700" />
      ) : (
        <CircleX aria-hidden="true" className="h-8 w-8 shrink-0 text-red-700" />
      )}
      <div>
        <h2 className="text-xl font-bold">{resultLabel(result)}</h2>
        <p className="text-sm">
          {success
            ? "Test Successful: every requested test is within its limit."
            : "One or more requested tests are outside their limits."}
        </p>
      </div>
    </section>
  );
}

/** A revoked report stays readable; this says so, with the date and the reason. */
export function RevokedBanner({ revokedAt, reason }: { revokedAt: string | null; reason: string | null }) {
  return (
    <section
      aria-label="Revoked"
      className="flex items-start gap-3 rounded-xl border border-red-400 bg-red-100 p-4 text-red-950 sm:p-5"
    >
      <Ban aria-hidden="true" className="h-6 w-6 shrink-0 text-red-800" />
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h2 className="text-lg font-bold">Report Revoked</h2>
        <p className="text-sm">
          The laboratory revoked this report{revokedAt ? ` on ${formatDateTime(revokedAt)}` : ""}. Its
          certificate is no longer valid.
        </p>
        {reason ? <p className="mt-1 text-sm font-medium">Reason: {reason}</p> : null}
      </div>
    </section>
  );
}

export function RevokedBadge() {
  return (
    <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
      Revoked
    </span>
  );
}
