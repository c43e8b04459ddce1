import { useMutation } from "@tanstack/react-query";

import type { Report } from "@lab/contracts";

import { errorMessageText } from "@/components/reports/error-message";
import { useToast } from "@/components/ui/toast";
import { API_BASE, httpFailure, localError } from "@/lib/api-client";
import { getToken, logout } from "@/lib/auth";

import { reportFileName } from "@/utils/report-result";
import { saveBlob } from "@/utils/save-blob";

/** The file name of a Content-Disposition header (filename* first), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
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

/** GET /reports/{id}/pdf with the bearer token, as a blob: the certificate of analysis. */
export async function fetchReportPdf(report: Pick<Report, "id" | "details">): Promise<{
  blob: Blob;
  fileName: string;
}> {
  const token = getToken();
  if (!token) throw localError(401, "authRequired", "unauthenticated");
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/reports/${report.id}/pdf`, {
      headers: { Accept: "application/pdf", Authorization: `${token.tokenType} ${token.token}` },
    });
  } catch {
    throw localError(0, navigator.onLine === false ? "offline" : "networkError", "network");
  }
  if (!response.ok) {
    if (response.status === 401) logout("unauthorized");
    const body = await readError(response);
    throw httpFailure(response, body);
  }
  const blob = await response.blob();
  return {
    blob,
    fileName: fileNameOf(response.headers.get("Content-Disposition")) ?? reportFileName(report),
  };
}

/** Fetches the PDF and saves it; failures are shown as an error toast. */
export function useDownloadReportPdf() {
  const toast = useToast();
  return useMutation({
    mutationFn: fetchReportPdf,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => void errorMessageText(error).then((text) => toast.error(text)),
  });
}
