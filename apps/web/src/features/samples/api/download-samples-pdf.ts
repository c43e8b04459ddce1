import type { LanguageCode } from "@lab/contracts";

import { API_BASE, httpFailure, localError } from "@/lib/api-client";
import { getToken, logout } from "@/lib/auth";

import { samplesSearch, type SamplesParams } from "@/lib/api/get-samples";

export type SamplesPdfParams = Pick<SamplesParams, "q" | "status" | "from" | "to" | "sort"> & {
  /** The browser's time zone: the PDF's dates read as the list shows them. */
  tz?: string;
  /** The reader's language: the server draws the PDF's headings and names in it. */
  lang?: LanguageCode;
};

async function readError(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * GET /sample-submissions/export.pdf with the bearer token: the summary PDF, made on the server (its
 * fonts shape Telugu, Hindi and every other script people type), as a blob.
 */
export async function fetchSamplesPdf(params: SamplesPdfParams): Promise<Blob> {
  const token = getToken();
  if (!token) throw localError(401, "authRequired", "unauthenticated");
  const { tz, lang, ...list } = params;
  const query = new URLSearchParams(samplesSearch(list).replace(/^\?/, ""));
  if (tz) query.set("tz", tz);
  if (lang) query.set("lang", lang);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/sample-submissions/export.pdf?${query.toString()}`, {
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
  return response.blob();
}

/** The browser's IANA time zone, when it tells one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
