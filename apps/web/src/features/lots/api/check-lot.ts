import { useEffect, useState } from "react";

import { lotCheckSchema, type LotCheck } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /lots/{code}/check: public, no token; an unknown code is answered `unknown`, a malformed one refused (400). */
export function checkLot(code: string, signal?: AbortSignal): Promise<LotCheck> {
  return apiRequest(`/lots/${encodeURIComponent(code)}/check`, {
    auth: false,
    schema: lotCheckSchema,
    signal,
  });
}

export type LotCheckState =
  { status: "pending" } | { status: "success"; data: LotCheck } | { status: "error"; error: unknown };

/**
 * The check of one code. A public page does without TanStack Query (it loads with the signed-in
 * shell): mount it with a key of the code, and `retry` asks again.
 */
export function useLotCheck(code: string): LotCheckState & { retry: () => void } {
  const [state, setState] = useState<LotCheckState>({ status: "pending" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    checkLot(code, controller.signal).then(
      (data) => setState({ status: "success", data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", error });
      },
    );
    return () => controller.abort();
  }, [code, attempt]);
  return {
    ...state,
    retry: () => {
      setState({ status: "pending" });
      setAttempt((count) => count + 1);
    },
  };
}
