import { ledgerEmailRequestSchema, messages } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { sendLedgerEmail } from "../../domain/ledger-email";
import { claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { type RateLimits, clientIp } from "../../http/rate-limit";
import { presentLedgerEmail } from "../../presenters/ledger";

/** /ledger, behind customer authentication. */
export function ledgerRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  router.post(
    "/email",
    limits.middleware({ name: "ledger-email", points: 30, durationSeconds: 3600, key: clientIp }),
    async (req, res) => {
      const input = parse(ledgerEmailRequestSchema, req.body, messages.ledgerSendFailed);
      res.status(202).json(presentLedgerEmail(await sendLedgerEmail(ctx, claimsOf(req).subject, input)));
    },
  );
  return router;
}
