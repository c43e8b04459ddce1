import { Resolver } from "node:dns/promises";
import { createRequire } from "node:module";

import type { EmailCheckResult } from "@lab/contracts";
import mailcheck from "mailcheck";

// Maintained lists from npm (CommonJS JSON), loaded once into sets.
const require = createRequire(import.meta.url);
const disposableDomains = new Set<string>(require("disposable-email-domains") as string[]);
const freeDomains = new Set<string>(require("free-email-domains") as string[]);
const roleAccounts = new Set<string>(require("role-based-email-addresses") as string[]);

// The same shape the browser's <input type=email> and zod accept, with a dotted domain.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

const DEFINITE_NO_DOMAIN = new Set(["ENOTFOUND", "ENODATA"]);
// A domain whose MX records certainly exist: if it too "does not exist", DNS is broken, not the address.
const CANARY_DOMAIN = "gmail.com";

export type MxLookup = (domain: string) => Promise<boolean | null>;

function defaultResolver(timeoutMs: number): (domain: string) => Promise<unknown[]> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return (domain) => resolver.resolveMx(domain);
}

/** MX look-up: true, false on a definite "no such domain / no MX", null when DNS cannot be trusted. */
export function createMxLookup(
  resolveMx: (domain: string) => Promise<unknown[]> = defaultResolver(1500),
): MxLookup {
  let canary: { ok: boolean; at: number } | undefined;

  const lookup = async (domain: string): Promise<boolean | "no" | null> => {
    try {
      const records = await resolveMx(domain);
      return records.length > 0 ? true : "no";
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return typeof code === "string" && DEFINITE_NO_DOMAIN.has(code) ? "no" : null;
    }
  };

  const dnsWorks = async (): Promise<boolean> => {
    if (canary && Date.now() - canary.at < 60_000) return canary.ok;
    canary = { ok: (await lookup(CANARY_DOMAIN)) === true, at: Date.now() };
    return canary.ok;
  };

  return async (domain) => {
    const answer = await lookup(domain);
    if (answer !== "no") return answer;
    return (await dnsWorks()) ? false : null;
  };
}

export type EmailChecker = (email: string) => Promise<EmailCheckResult>;

export function createEmailChecker(mxLookup: MxLookup | undefined): EmailChecker {
  return async (rawEmail) => {
    const email = rawEmail.trim();
    const at = email.lastIndexOf("@");
    const user = at > 0 ? email.slice(0, at) : email;
    const domain = at > 0 ? email.slice(at + 1).toLowerCase() : "";
    const formatValid = email.length <= 254 && user.length <= 64 && EMAIL_PATTERN.test(email);

    let didYouMean = "";
    if (formatValid) {
      mailcheck.run({
        email,
        suggested: (suggestion: { full: string }) => {
          didYouMean = suggestion.full;
        },
      });
    }
    const disposable = formatValid && disposableDomains.has(domain);
    const free = formatValid && freeDomains.has(domain);
    const role = formatValid && roleAccounts.has(user.toLowerCase());
    let mxFound: boolean | null = null;
    if (formatValid) {
      // Free-mail providers certainly receive mail; no need to ask DNS.
      mxFound = free ? true : mxLookup ? await mxLookup(domain) : null;
    }
    const smtpCheck = formatValid && !disposable && mxFound !== false;

    let score = 0;
    if (formatValid) {
      score = 1;
      if (disposable) score -= 0.6;
      if (mxFound === false) score -= 0.6;
      if (mxFound === null) score -= 0.1;
      if (role) score -= 0.1;
      if (didYouMean) score -= 0.1;
    }
    return {
      email,
      did_you_mean: didYouMean,
      user,
      domain,
      format_valid: formatValid,
      mx_found: mxFound,
      smtp_check: smtpCheck,
      catch_all: null,
      role,
      disposable,
      free,
      score: Math.max(0, Math.round(score * 100) / 100),
    };
  };
}
