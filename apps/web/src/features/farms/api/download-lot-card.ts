import { useFileDownload } from "@/hooks/use-file-download";
import { fetchFile } from "@/lib/download-file";

/** GET /lots/{code}/card.pdf with the bearer token: the lot card with its QR, as a blob. */
export const fetchLotCard = (code: string) =>
  fetchFile(`/lots/${encodeURIComponent(code)}/card.pdf`, `lot-${code}.pdf`);

/** Fetches the lot card and saves it; a failure is an error toast. */
export const useDownloadLotCard = () => useFileDownload(fetchLotCard);
