import { Share2 } from "lucide-react";
import { useMemo } from "react";

import type { Report } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { useT } from "@/lib/i18n/use-t";

import { useShareReportPdf } from "../api/share-report-pdf";
import { canShareFiles, shareModeOf, shareTextOf, whatsAppHrefOf } from "../utils/share-report";

type SharedReport = Pick<Report, "id" | "sampleId" | "status" | "details">;

/**
 * Share on /report/{id}: the PDF through the system share sheet (WhatsApp, Telegram, mail) where the
 * browser can share files, else a WhatsApp message with the certificate number and its /verify link.
 * Hidden for a revoked report, and for a failed one where files cannot be shared (see shareModeOf).
 */
export function ShareReport({ report }: { report: SharedReport }) {
  const { t } = useT("reports");
  const mode = useMemo(() => shareModeOf(report, canShareFiles()), [report]);
  const share = useShareReportPdf(report);
  if (mode === "none") return null;

  if (mode === "whatsapp") {
    return (
      <a
        href={whatsAppHrefOf(shareTextOf(report, window.location.origin))}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses("outline")}
      >
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {t("reports.share.whatsApp")}
        <span className="sr-only"> {t("reports.share.newTab")}</span>
      </a>
    );
  }

  const pending = share.data && !share.data.shared ? share.data.file : undefined;
  return (
    <Button
      variant="outline"
      isLoading={share.isPending}
      icon={<Share2 aria-hidden="true" className="h-4 w-4" />}
      onClick={() => share.mutate(pending)}
    >
      {pending ? t("reports.share.tapAgain") : t("reports.share.share")}
    </Button>
  );
}
