import type { Report } from "@lab/contracts";

import { useFileDownload } from "@/hooks/use-file-download";
import { fetchFile } from "@/lib/download-file";

import { reportFileName } from "@/utils/report-result";

/** GET /reports/{id}/pdf with the bearer token, as a blob: the certificate of analysis. */
export const fetchReportPdf = (report: Pick<Report, "id" | "details">) =>
  fetchFile(`/reports/${report.id}/pdf`, reportFileName(report));

/** Fetches the PDF and saves it; failures are shown as an error toast. */
export const useDownloadReportPdf = () => useFileDownload(fetchReportPdf);
