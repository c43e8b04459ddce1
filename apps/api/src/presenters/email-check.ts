import type { EmailCheckResult } from "@lab/contracts";

/** POST /verify-email: the spec's "Email check result", field by field. */
export function presentEmailCheck(result: EmailCheckResult): EmailCheckResult {
  return {
    email: result.email,
    did_you_mean: result.did_you_mean,
    user: result.user,
    domain: result.domain,
    format_valid: result.format_valid,
    mx_found: result.mx_found,
    smtp_check: result.smtp_check,
    catch_all: result.catch_all,
    role: result.role,
    disposable: result.disposable,
    free: result.free,
    score: result.score,
  };
}
