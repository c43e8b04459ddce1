import {
  LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY,
  LEDGER_EMAIL_RECIPIENTS_PER_IP_PER_DAY,
  SAMPLE_WRITER_ROLES,
  ledgerEmailRequestSchema,
} from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { sendLedgerEmail, type AdmitRecipients } from "../../domain/customers/ledger-email";
import { memberOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { type RateBudget, type RateLimits, clientIp } from "../../http/rate-limit";
import { rateLimited } from "../../lib/app-error";
import { presentLedgerEmail } from "../../presenters/ledger";

const DAY_S = 24 * 3600;
/** Recipients of every account together from one client address. */
const RECIPIENTS_PER_IP: RateBudget = {
  name: "ledger-recipients-ip",
  points: LEDGER_EMAIL_RECIPIENTS_PER_IP_PER_DAY,
  durationSeconds: DAY_S,
};
/** Distinct accounts that share from one client address. */
const ACCOUNTS_PER_IP: RateBudget = {
  name: "ledger-accounts-ip",
  points: LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY,
  durationSeconds: DAY_S,
};
/** Whether an account was already counted at an address today (key "ip account"). */
const ACCOUNT_AT_IP: RateBudget = { name: "ledger-account-at-ip", points: 1, durationSeconds: DAY_S };

/**
 * The per-address limits on sharing: each account has its own 200 a day, so without these ten
 * registrations from one address would reach ten times as many strangers. Kept in the shared
 * rate-limit store (Redis when configured), so they hold across instances.
 */
function perClientAddress(limits: RateLimits, ip: string, customerId: number): AdmitRecipients {
  return async (recipients) => {
    const account = `${ip} ${String(customerId)}`;
    if ((await limits.used(ACCOUNT_AT_IP, account)) === 0) {
      const wait = await limits.take(ACCOUNTS_PER_IP, ip, 1);
      if (wait > 0) {
        throw rateLimited(wait);
      }
      await limits.take(ACCOUNT_AT_IP, account, 1);
    }
    const wait = await limits.take(RECIPIENTS_PER_IP, ip, recipients);
    if (wait > 0) {
      throw rateLimited(wait, "ledgerQuotaExceeded", "quota_exceeded");
    }
  };
}

/** /ledger, behind customer authentication. */
export function ledgerRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  router.post(
    "/email",
    limits.middleware({ name: "ledger-email", points: 30, durationSeconds: 3600, key: clientIp }),
    async (req, res) => {
      const member = memberOf(req, SAMPLE_WRITER_ROLES);
      const input = parse(ledgerEmailRequestSchema, req.body, "ledgerSendFailed");
      const admit = perClientAddress(limits, clientIp(req), member.id);
      res.status(202).json(presentLedgerEmail(await sendLedgerEmail(ctx, member, input, admit)));
    },
  );
  return router;
}
