import { useMutation } from "@tanstack/react-query";

import { errorMessageText } from "@/components/reports/error-message";
import { useToast } from "@/components/ui/toast";
import { API_BASE, httpFailure, localError } from "@/lib/api-client";
import { getToken, logout } from "@/lib/auth";
import { saveBlob } from "@/utils/save-blob";

/** The file name of a Content-Disposition header, if any. */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || undefined;
}

async function readError(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** GET /shared/samples/{id}/report.pdf with the bearer token: the report as its farm downloads it. */
export async function fetchSharedReport(sampleId: number): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  if (!token) throw localError(401, "authRequired", "unauthenticated");
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/shared/samples/${sampleId}/report.pdf`, {
      headers: { Accept: "application/pdf", Authorization: `${token.tokenType} ${token.token}` },
    });
  } catch {
    throw localError(0, navigator.onLine === false ? "offline" : "networkError", "network");
  }
  if (!response.ok) {
    if (response.status === 401) logout("unauthorized");
    throw httpFailure(response, await readError(response));
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get("Content-Disposition")) ?? `sample-${sampleId}.pdf`,
  };
}

/** Fetches a shared sample's report and saves it; a failure (the share ended) is an error toast. */
export function useDownloadSharedReport() {
  const toast = useToast();
  return useMutation({
    mutationFn: fetchSharedReport,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => void errorMessageText(error).then((text) => toast.error(text)),
  });
}
