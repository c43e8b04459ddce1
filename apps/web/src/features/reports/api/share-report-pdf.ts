import { useMutation } from "@tanstack/react-query";

import type { Report } from "@lab/contracts";

import { useToast } from "@/components/ui/toast";
import { translate } from "@/lib/i18n/i18n";
import { errorMessageText } from "@/components/reports/error-message";

import { shareTextOf } from "../utils/share-report";
import { fetchReportPdf } from "./download-report-pdf";

type SharedReport = Pick<Report, "id" | "sampleId" | "status" | "details">;

/** Why a share did not happen: the person closed the sheet (not an error) or the tap had expired. */
const errorName = (error: unknown): string =>
  typeof error === "object" && error !== null && "name" in error && typeof error.name === "string"
    ? error.name
    : "";

async function fetchPdfFile(report: SharedReport): Promise<File> {
  const { blob, fileName } = await fetchReportPdf(report);
  return new File([blob], fileName, { type: "application/pdf" });
}

/**
 * Fetches the report's PDF (the existing GET /reports/{id}/pdf) and hands it to the system share
 * sheet as a File with a short text. A browser may refuse share() when the PDF took long to arrive
 * (the tap's user activation expired): the file is then kept and ShareReport asks for a second tap (which passes it back as `ready`).
 */
export function useShareReportPdf(report: SharedReport) {
  const toast = useToast();
  return useMutation({
    mutationFn: async (ready: File | undefined): Promise<{ file: File; shared: boolean }> => {
      const file = ready ?? (await fetchPdfFile(report));
      try {
        await navigator.share({
          files: [file],
          title: translate("reports.detail.title", { id: report.id }),
          text: shareTextOf(report, window.location.origin),
        });
        return { file, shared: true };
      } catch (error) {
        if (errorName(error) === "AbortError") return { file, shared: true };
        if (errorName(error) === "NotAllowedError") return { file, shared: false };
        throw error;
      }
    },
    onError: (error) => {
      if (!error.message) toast.error(translate("reports.share.failed"));
      else void errorMessageText(error).then((text) => toast.error(text));
    },
  });
}
