import { useEffect, useState } from "react";

import { certificateSchema, type Certificate } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /certificates/{number}: public, no token; 404 for a number the laboratory never issued. */
export function getCertificate(number: string, signal?: AbortSignal): Promise<Certificate> {
  return apiRequest(`/certificates/${encodeURIComponent(number)}`, {
    auth: false,
    schema: certificateSchema,
    signal,
  });
}

export type CertificateState =
  { status: "pending" } | { status: "success"; data: Certificate } | { status: "error"; error: Error };

/**
 * The check of one number. A public page: like the other signed-out screens it does without
 * TanStack Query, which loads with the signed-in shell (DESIGN.md section 10). Mount it with
 * `key={number}` so each number starts pending.
 */
export function useCertificate(number: string): CertificateState {
  const [state, setState] = useState<CertificateState>({ status: "pending" });
  useEffect(() => {
    const controller = new AbortController();
    getCertificate(number, controller.signal).then(
      (data) => setState({ status: "success", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [number]);
  return state;
}
