import { useCallback, useEffect, useRef, useState } from "react";

import { EMAIL_CHECK_DEBOUNCE_MS, type EmailCheckResult } from "@lab/contracts";

import { checkEmail } from "../api/check-email";

export type EmailCheckState =
  | { status: "idle" }
  | { status: "checking"; email: string }
  | { status: "invalid-format"; email: string }
  | { status: "done"; email: string; result: EmailCheckResult };

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailFormatValid(email: string): boolean {
  return EMAIL_FORMAT.test(email);
}

/**
 * The message under the e-mail field, or null while nothing is known. A did-you-mean
 * on a deliverable address is a likely typo: a warning with the suggestion, never the "verified"
 * beside it. A deliverable address is a neutral "checked": it says the address can receive mail, not
 * that any account is verified.
 */
export function emailCheckMessage(
  state: EmailCheckState,
): { tone: "error" | "checked" | "warning"; text: string; didYouMean?: string } | null {
  if (state.status === "invalid-format") return { tone: "error", text: "invalidEmailFormat" };
  if (state.status !== "done") return null;
  const { result } = state;
  const didYouMean =
    result.did_you_mean && result.did_you_mean !== state.email ? result.did_you_mean : undefined;
  if (!result.format_valid) return { tone: "error", text: "invalidEmailFormat", didYouMean };
  if (!result.smtp_check) return { tone: "error", text: "emailNotValid", didYouMean };
  if (didYouMean) return { tone: "warning", text: "", didYouMean };
  return { tone: "checked", text: "emailVerifiedOk" };
}

/**
 * The registration e-mail check: runs 800 ms after typing stops (`schedule`) and at once on blur or
 * submit (`checkNow`). Results are kept per address so a blur after the debounce does not ask twice.
 */
export function useEmailCheck() {
  const [state, setState] = useState<EmailCheckState>({ status: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef("");
  const cache = useRef(new Map<string, EmailCheckResult>());
  const inflight = useRef(new Map<string, Promise<EmailCheckResult>>());

  const cancelTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => cancelTimer, [cancelTimer]);

  const checkNow = useCallback(
    async (value: string): Promise<EmailCheckResult | null> => {
      cancelTimer();
      const email = value.trim();
      latest.current = email;
      if (!email) {
        setState({ status: "idle" });
        return null;
      }
      if (!isEmailFormatValid(email)) {
        setState({ status: "invalid-format", email });
        return null;
      }
      const known = cache.current.get(email);
      if (known) {
        setState({ status: "done", email, result: known });
        return known;
      }
      setState({ status: "checking", email });
      let pending = inflight.current.get(email);
      if (!pending) {
        pending = checkEmail(email);
        inflight.current.set(email, pending);
      }
      const result = await pending;
      inflight.current.delete(email);
      cache.current.set(email, result);
      if (latest.current === email) setState({ status: "done", email, result });
      return result;
    },
    [cancelTimer],
  );

  const schedule = useCallback(
    (value: string) => {
      cancelTimer();
      const email = value.trim();
      latest.current = email;
      if (!email) {
        setState({ status: "idle" });
        return;
      }
      const known = cache.current.get(email);
      setState(known ? { status: "done", email, result: known } : { status: "idle" });
      if (known) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void checkNow(email);
      }, EMAIL_CHECK_DEBOUNCE_MS);
    },
    [cancelTimer, checkNow],
  );

  const reset = useCallback(() => {
    cancelTimer();
    latest.current = "";
    setState({ status: "idle" });
  }, [cancelTimer]);

  return { state, schedule, checkNow, reset };
}
