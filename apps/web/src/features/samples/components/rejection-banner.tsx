import { Ban, Download, Send } from "lucide-react";
import { Link } from "react-router";

import type { RejectionReason, Reception, Sample } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useFileDownload } from "@/hooks/use-file-download";
import { translateKnown } from "@/lib/i18n/i18n";
import { useT } from "@/lib/i18n/use-t";

import { fetchRejectionNotice } from "../api/download-rejection-notice";

/** Submit Sample filled in from this sample: the one-tap way to send it again. */
export const copySampleHref = (sampleId: number): string =>
  `${paths.submitSample.href()}?${new URLSearchParams({ copy: String(sampleId) }).toString()}`;

/** A reason in the reader's language; its code, spaced, until the catalogue names it. */
export const rejectionReasonText = (reason: RejectionReason): string =>
  translateKnown(`domain.rejectionReason.${reason}`, reason.replaceAll("_", " "));

/**
 * A rejected sample's banner: why (reception's reasons and note, when the custody record is in), the
 * notice to download, and Send a new sample.
 */
export function RejectionBanner({
  sample,
  reception,
}: {
  sample: Pick<Sample, "id" | "status">;
  reception: Reception | null | undefined;
}) {
  // "domain": the reasons' names.
  const { t, date } = useT("samples", "domain");
  const download = useFileDownload(fetchRejectionNotice);
  if (sample.status !== "REJECTED") return null;
  const rejection = reception?.decision === "rejected" ? reception : null;
  return (
    <section
      aria-labelledby="rejection-title"
      className="mt-3 space-y-3 rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm text-gray-900 sm:p-4"
    >
      <h2 id="rejection-title" className="flex items-start gap-2 text-base font-semibold break-words">
        <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <span className="min-w-0">{t("samples.rejected.title")}</span>
      </h2>
      <p>{t("samples.rejected.text")}</p>
      {rejection ? (
        <>
          <p>{t("samples.rejected.on", { date: date(rejection.at, "dateTime") })}</p>
          {rejection.reasons.length > 0 ? (
            <div>
              <h3 className="font-medium">{t("samples.rejected.reasons")}</h3>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {rejection.reasons.map((reason) => (
                  <li key={reason} className="break-words">
                    {rejectionReasonText(reason)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {rejection.note ? (
            <div>
              <h3 className="font-medium">{t("samples.rejected.note")}</h3>
              <p className="break-words">{rejection.note}</p>
            </div>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          isLoading={download.isPending}
          onClick={() => download.mutate(sample.id)}
          icon={<Download aria-hidden="true" className="h-4 w-4" />}
        >
          {t("samples.rejected.download")}
        </Button>
        <Link to={copySampleHref(sample.id)} className={buttonClasses("primary")}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {t("samples.rejected.sendNew")}
        </Link>
      </div>
    </section>
  );
}
