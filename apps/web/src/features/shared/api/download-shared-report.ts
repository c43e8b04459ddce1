import { useFileDownload } from "@/hooks/use-file-download";
import { fetchFile } from "@/lib/download-file";

/** GET /shared/samples/{id}/report.pdf with the bearer token: the report as its farm downloads it. */
export const fetchSharedReport = (sampleId: number) =>
  fetchFile(`/shared/samples/${sampleId}/report.pdf`, `sample-${sampleId}.pdf`);

/** Fetches a shared sample's report and saves it; a failure (the share ended) is an error toast. */
export const useDownloadSharedReport = () => useFileDownload(fetchSharedReport);
