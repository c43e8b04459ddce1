import { useEffect, useState } from "react";

import { certificateSchema, type Certificate } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** What proves the asker holds the certificate: its printed check code, or the SHA-256 of its PDF. */
export interface CertificateProof {
  code?: string | undefined;
  sha256?: string | undefined;
}

/**
 * GET /certificates/{number}: public, no token; 404 for a number the laboratory never issued. The
 * number alone answers the summary; with a matching proof, the full certificate.
 */
export function getCertificate(
  number: string,
  proof: CertificateProof = {},
  signal?: AbortSignal,
): Promise<Certificate> {
  const query = new URLSearchParams();
  if (proof.code) query.set("code", proof.code);
  if (proof.sha256) query.set("sha256", proof.sha256);
  const search = query.toString() === "" ? "" : `?${query.toString()}`;
  return apiRequest(`/certificates/${encodeURIComponent(number)}${search}`, {
    auth: false,
    schema: certificateSchema,
    signal,
  });
}

export type CertificateState =
  { status: "pending" } | { status: "success"; data: Certificate } | { status: "error"; error: Error };

/**
 * The check of one number, with the check code when there is one. A public page: like the other
 * signed-out screens it does without TanStack Query, which loads with the signed-in shell. Mount it
 * with a key of the number and code so each check starts pending.
 */
export function useCertificate(number: string, code?: string): CertificateState {
  const [state, setState] = useState<CertificateState>({ status: "pending" });
  useEffect(() => {
    const controller = new AbortController();
    getCertificate(number, { code }, controller.signal).then(
      (data) => setState({ status: "success", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [number, code]);
  return state;
}
