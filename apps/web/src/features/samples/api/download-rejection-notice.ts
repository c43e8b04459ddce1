import { fetchFile, type DownloadedFile } from "@/lib/download-file";

/** The one-page rejection notice of a rejected sample (409 sampleNotRejected for any other). */
export const fetchRejectionNotice = (sampleId: number): Promise<DownloadedFile> =>
  fetchFile(`/sample-submissions/${sampleId}/rejection-notice.pdf`, `rejection-notice-${sampleId}.pdf`);
