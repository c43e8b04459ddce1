import express, { Router, type RequestHandler } from "express";
import type { Logger } from "pino";

import { forbidden, invalidField, notFound, unauthorized } from "../../lib/app-error";
import { recordDeliveryReports, type ReportsDb } from "../../messaging/delivery-reports";
import { reportsOf, statusWebhookSchema } from "./payload";
import { sameSecret, signatureMatches } from "./signature";

/** Meta's status webhooks are a few kilobytes; a batch of many statuses stays well under this. */
export const WEBHOOK_BODY_LIMIT = "256kb";

/** Meta's challenge is a short number; anything much longer is not Meta's. */
const CHALLENGE_MAX = 256;

export interface WhatsAppWebhookOptions {
  db: ReportsDb;
  /** WHATSAPP_APP_SECRET; undefined when WhatsApp is not configured: both routes answer 404. */
  appSecret: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN, the token typed into Meta's webhook set-up; without it the handshake is refused. */
  verifyToken: string | undefined;
  /** After a commit that queued an SMS stand-in for a failed WhatsApp message: wakes the sender. */
  messagesQueued: () => void;
  logger: Logger;
  /** The time of a status that carries none. */
  now?: () => Date;
}

/** The query's parameters as sent: "hub.mode" is one name, whatever the app's query parser does with dots. */
function queryOf(url: string): URLSearchParams {
  const at = url.indexOf("?");
  return new URLSearchParams(at === -1 ? "" : url.slice(at + 1));
}

/**
 * /api/webhooks/whatsapp: Meta's webhook for the WhatsApp Business account. GET is the subscription
 * handshake; POST carries the statuses (delivered, read, failed) of the messages the Cloud API took,
 * signed with the app secret. Mounted before the API's JSON parser: the signature covers the raw bytes.
 */
export function createWhatsAppWebhookRouter(options: WhatsAppWebhookOptions): Router {
  const { appSecret, verifyToken, logger } = options;
  const now = options.now ?? (() => new Date());
  const router = Router();

  const configured: RequestHandler = (_req, _res, next) => {
    if (appSecret === undefined) throw notFound();
    next();
  };

  router.get("/", configured, (req, res) => {
    const query = queryOf(req.originalUrl);
    const token = query.get("hub.verify_token");
    const challenge = query.get("hub.challenge");
    if (
      verifyToken === undefined ||
      query.get("hub.mode") !== "subscribe" ||
      token === null ||
      !sameSecret(token, verifyToken)
    )
      throw forbidden();
    if (challenge === null || challenge === "" || challenge.length > CHALLENGE_MAX)
      throw invalidField("profileInvalidFormat");
    res.status(200).type("text/plain").send(challenge);
  });

  router.post(
    "/",
    configured,
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (appSecret === undefined || !signatureMatches(req.get("x-hub-signature-256"), raw, appSecret)) {
        logger.warn({ bytes: raw.length }, "WhatsApp webhook refused: signature missing or wrong");
        throw unauthorized();
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        throw invalidField("malformedJson", undefined, "malformed_json");
      }
      const webhook = statusWebhookSchema.safeParse(json);
      if (!webhook.success) throw invalidField("profileInvalidFormat");
      const reports = reportsOf(webhook.data, now());
      const { recorded, fallbackQueued } = await recordDeliveryReports(options.db, "whatsapp", reports);
      if (reports.length > 0)
        logger.debug({ reports: reports.length, recorded }, "WhatsApp statuses recorded");
      if (fallbackQueued) {
        try {
          options.messagesQueued();
        } catch (error) {
          // Committed: the sender's poll finds the SMS stand-in without the wake-up.
          logger.error({ err: error }, "waking the message sender failed");
        }
      }
      res.sendStatus(200);
    },
  );

  return router;
}
