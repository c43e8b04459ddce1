import {
  LOT_CODE_PATTERN,
  SAMPLE_READER_ROLES,
  SAMPLE_WRITER_ROLES,
  lotCheckRequestSchema,
  normaliseLotCode,
  updateLotRequestSchema,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { getLot, listLots, ownLot, updateLot } from "../../domain/farms/crops";
import { checkLots } from "../../domain/farms/lot-check";
import { authenticate, memberOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { clientIp, type RateLimits } from "../../http/rate-limit";
import { invalidField } from "../../lib/app-error";
import { presentLot } from "../../presenters/farm";
import { lotCardHandler } from "./card";

/** Gate checks one client address may make in ten minutes (a batch counts once), as certificates. */
export const LOT_CHECKS_PER_IP = { points: 60, durationSeconds: 600 };

/**
 * /lots: the organisation's lots (signed in), and the processor's gate (public, rate-limited): a lot's
 * state by its code, alone or in a batch, with no personal data.
 */
export function lotsRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const signedIn = authenticate(ctx, "customer");
  const perIp = limits.middleware({ name: "lot-check-ip", ...LOT_CHECKS_PER_IP, key: clientIp });
  const lotId = (req: Request) => parseIdParam(req.params["id"], "lotNotFound");

  router.post("/check", perIp, async (req, res) => {
    const { codes } = parse(lotCheckRequestSchema, req.body, "lotCodesInvalid");
    res.set("Cache-Control", "no-store").json({ items: await checkLots(ctx, codes) });
  });
  router.get("/:code/check", perIp, async (req, res) => {
    // One code that cannot be a lot code is a typing or scanning slip: said so, rather than `unknown`
    // (a batch still answers it `unknown` beside the others).
    const code = String(req.params["code"]);
    if (!LOT_CODE_PATTERN.test(normaliseLotCode(code))) throw invalidField("lotCodeInvalid", "code");
    const [answer] = await checkLots(ctx, [code]);
    res.set("Cache-Control", "no-store").json(answer);
  });
  router.get("/:code/card.pdf", signedIn, lotCardHandler(ctx));

  router.get("/", signedIn, async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    res.json({ items: (await listLots(ctx, member)).map(presentLot) });
  });
  router.get("/:id", signedIn, async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    res.json(presentLot(await getLot(ctx, member, lotId(req))));
  });
  router.put("/:id", signedIn, async (req, res) => {
    const member = memberOf(req, SAMPLE_WRITER_ROLES);
    const id = (await ownLot(ctx.db, member, lotId(req))).id;
    const input = parse(updateLotRequestSchema, req.body, "lotInvalid");
    res.json(presentLot(await updateLot(ctx, member, id, input)));
  });
  return router;
}
