import { mailUnsubscribeQuerySchema } from "@lab/contracts";
import express, { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { unsubscribe } from "../../domain/customers/ledger-email";
import { parse } from "../../http/parse";
import { type RateLimits, clientIp } from "../../http/rate-limit";
import { presentUnsubscribed } from "../../presenters/mail-preferences";

/**
 * /mail, public: the RFC 8058 one-click unsubscribe of shared-report mail. Only POST opts out; a GET
 * (a mail scanner following the link, or a client opening it in a browser) lands on the page, whose
 * button posts.
 */
export function mailPreferencesRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const perIp = limits.middleware({
    name: "mail-unsubscribe",
    points: 60,
    durationSeconds: 3600,
    key: clientIp,
  });

  router.get("/unsubscribe", perIp, (req, res) => {
    const { e, s } = parse(mailUnsubscribeQuerySchema, req.query, "unsubscribeLinkInvalid");
    res.redirect(303, `/unsubscribe?${new URLSearchParams({ e, s }).toString()}`);
  });

  router.post(
    "/unsubscribe",
    perIp,
    // Mail clients send the form body `List-Unsubscribe=One-Click`; the page sends JSON (parsed for
    // all of /api). The body carries nothing the lab needs: the signed query decides.
    express.urlencoded({ extended: false, limit: "1kb" }),
    async (req, res) => {
      const { e, s } = parse(mailUnsubscribeQuerySchema, req.query, "unsubscribeLinkInvalid");
      res.status(200).json(presentUnsubscribed(await unsubscribe(ctx, e, s)));
    },
  );
  return router;
}
