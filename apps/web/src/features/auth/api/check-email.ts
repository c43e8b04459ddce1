import type { EmailCheckResult } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** When the check fails, a neutral result with smtp_check false stands in (docs/product-rules.md). */
export function neutralEmailCheck(email: string): EmailCheckResult {
  const at = email.lastIndexOf("@");
  return {
    email,
    did_you_mean: "",
    user: at > 0 ? email.slice(0, at) : email,
    domain: at > 0 ? email.slice(at + 1) : "",
    format_valid: true,
    mx_found: null,
    smtp_check: false,
    catch_all: null,
    role: false,
    disposable: false,
    free: false,
    score: 0,
  };
}

/** Reads the fields the screen uses; anything malformed counts as a failed check. */
function parseEmailCheck(email: string, raw: unknown): EmailCheckResult {
  if (typeof raw !== "object" || raw === null) return neutralEmailCheck(email);
  const record = raw as Record<string, unknown>;
  if (typeof record.smtp_check !== "boolean" || typeof record.format_valid !== "boolean") {
    return neutralEmailCheck(email);
  }
  const neutral = neutralEmailCheck(email);
  const bool = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);
  const nullableBool = (value: unknown) => (typeof value === "boolean" ? value : null);
  return {
    email: typeof record.email === "string" ? record.email : email,
    did_you_mean: typeof record.did_you_mean === "string" ? record.did_you_mean : "",
    user: typeof record.user === "string" ? record.user : neutral.user,
    domain: typeof record.domain === "string" ? record.domain : neutral.domain,
    format_valid: record.format_valid,
    mx_found: nullableBool(record.mx_found),
    smtp_check: record.smtp_check,
    catch_all: nullableBool(record.catch_all),
    role: bool(record.role, false),
    disposable: bool(record.disposable, false),
    free: bool(record.free, false),
    score: typeof record.score === "number" ? record.score : 0,
  };
}

/** POST /api/email/verify-email: never throws, a failed check is the neutral result. */
export async function checkEmail(email: string, signal?: AbortSignal): Promise<EmailCheckResult> {
  try {
    const raw = await apiRequest<unknown>("/email/verify-email", {
      method: "POST",
      body: { email },
      auth: false,
      signal,
    });
    return parseEmailCheck(email, raw);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return neutralEmailCheck(email);
  }
}
