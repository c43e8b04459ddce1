import { translatorFor } from "@lab/i18n/node";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import {
  clearAll,
  dismiss,
  listNotifications,
  markAllRead,
  markRead,
  readerLanguage,
} from "../../domain/notifications/notifications";
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
  const id = (value: unknown) => parseIdParam(value, "notificationNotFound");

  // Rendered in the reader's language as it is now: changing it re-words every stored notification.
  const readerOf = async (customerId: number) => translatorFor(await readerLanguage(ctx, customerId));

  router.get("/", async (req, res) => {
    const customerId = claimsOf(req).subject;
    const [rows, reader] = await Promise.all([listNotifications(ctx, customerId), readerOf(customerId)]);
    res.json(rows.map((row) => presentNotification(row, reader)));
  });
  router.post("/read-all", async (req, res) => {
    res.json(presentNotificationsUpdated(await markAllRead(ctx, claimsOf(req).subject)));
  });
  router.post("/:id/read", async (req, res) => {
    const customerId = claimsOf(req).subject;
    const row = await markRead(ctx, customerId, id(req.params["id"]));
    res.json(presentNotification(row, await readerOf(customerId)));
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
