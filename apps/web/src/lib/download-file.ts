import { API_BASE, httpFailure, localError, type SessionKind } from "@/lib/api-client";
import { customerSession } from "@/lib/auth";
import { labSessionStore } from "@/lib/lab-session";

// A staff file (a label sheet, a collection photo) goes with the console's token, never the customer's.
const STORES = { customer: customerSession, staff: labSessionStore } as const;

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

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * A signed-in member's file (a PDF) read with the bearer token, as a blob with the name the server
 * gave it, else `fallbackName`. A refusal is the server's error; 401 ends the session as any call does.
 */
export async function fetchFile(
  path: string,
  fallbackName: string,
  accept = "application/pdf",
  session: SessionKind = "customer",
): Promise<DownloadedFile> {
  const store = STORES[session];
  const token = store.getToken();
  if (!token) throw localError(401, "authRequired", "unauthenticated");
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: accept, Authorization: `${token.tokenType} ${token.token}` },
    });
  } catch {
    throw localError(0, navigator.onLine === false ? "offline" : "networkError", "network");
  }
  if (!response.ok) {
    if (response.status === 401) store.logout("unauthorized");
    throw httpFailure(response, await readError(response));
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get("Content-Disposition")) ?? fallbackName,
  };
}
