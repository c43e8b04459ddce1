import { noticePreferencesSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { readPreferences, savePreferences } from "../../domain/notifications/preferences";
import { claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { presentNoticePreferences } from "../../presenters/notice-preferences";

/**
 * /notice-preferences, behind customer authentication: the signed-in member's channels for each kind
 * of notice (the bell always shows them all), and whether SMS stands in for WhatsApp.
 */
export function noticePreferencesRouter(ctx: DomainContext): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    res.json(presentNoticePreferences(await readPreferences(ctx, claimsOf(req).subject)));
  });

  router.put("/", async (req, res) => {
    const input = parse(noticePreferencesSchema, req.body, "noticePreferencesInvalid");
    res.json(presentNoticePreferences(await savePreferences(ctx, claimsOf(req).subject, input)));
  });

  return router;
}
