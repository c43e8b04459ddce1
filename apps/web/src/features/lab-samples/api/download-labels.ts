import type { LabelFormat } from "@lab/contracts";

import { useFileDownload } from "@/hooks/use-file-download";
import { fetchFile } from "@/lib/download-file";

export interface LabelsRequest {
  sampleId: number;
  format: LabelFormat;
  /** How many containers to label; the server's default (the containers recorded, else 2) when absent. */
  containers?: number | undefined;
}

/** GET /lab/samples/{id}/labels.pdf: the containers' QR labels, thermal (50 × 25 mm) or an A4 sheet. */
export function fetchLabels({ sampleId, format, containers }: LabelsRequest) {
  const query = new URLSearchParams({ format });
  if (containers !== undefined) query.set("containers", String(containers));
  return fetchFile(
    `/lab/samples/${sampleId}/labels.pdf?${query.toString()}`,
    `sample-${sampleId}-labels-${format}.pdf`,
    "application/pdf",
    "staff",
  );
}

/** Fetches the labels and saves them; a failure is an error toast. */
export const useDownloadLabels = () => useFileDownload(fetchLabels);
