import type { LabelFormat } from "@lab/contracts";

import { useFileDownload } from "@/hooks/use-file-download";
import { fetchFile } from "@/lib/download-file";

/** GET /lab/labels/blank.pdf: fresh label codes linked to no sample, for agents' pre-printed stock. */
export const fetchBlankLabels = ({ count, format }: { count: number; format: LabelFormat }) =>
  fetchFile(
    `/lab/labels/blank.pdf?${new URLSearchParams({ count: String(count), format }).toString()}`,
    `blank-labels-${format}.pdf`,
    "application/pdf",
    "staff",
  );

/** Fetches the blank labels and saves them; a failure is an error toast. */
export const useDownloadBlankLabels = () => useFileDownload(fetchBlankLabels);
