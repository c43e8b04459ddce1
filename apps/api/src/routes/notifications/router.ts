import { messages } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { clearAll, dismiss, listNotifications, markAllRead, markRead } from "../../domain/notifications";
import { claimsOf } from "../../http/authenticate";
import { parseIdParam } from "../../http/parse";
import {
  presentNotification,
  presentNotificationsDeleted,
  presentNotificationsUpdated,
} from "../../presenters/notification";

/** /notifications, behind customer authentication: persisted, so every device sees the same state. */
export function notificationsRouter(ctx: DomainContext): Router {
  const router = Router();
  const id = (value: unknown) => parseIdParam(value, messages.notificationNotFound);

  router.get("/", async (req, res) => {
    res.json((await listNotifications(ctx, claimsOf(req).subject)).map(presentNotification));
  });
  router.post("/read-all", async (req, res) => {
    res.json(presentNotificationsUpdated(await markAllRead(ctx, claimsOf(req).subject)));
  });
  router.post("/:id/read", async (req, res) => {
    res.json(presentNotification(await markRead(ctx, claimsOf(req).subject, id(req.params["id"]))));
  });
  router.delete("/:id", async (req, res) => {
    await dismiss(ctx, claimsOf(req).subject, id(req.params["id"]));
    res.status(204).end();
  });
  router.delete("/", async (req, res) => {
    res.json(presentNotificationsDeleted(await clearAll(ctx, claimsOf(req).subject)));
  });
  return router;
}
