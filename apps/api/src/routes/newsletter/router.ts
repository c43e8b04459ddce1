import { newsletterSubscribeRequestSchema, newsletterTokenRequestSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import {
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeNewsletter,
} from "../../domain/customers/newsletter";
import { parse } from "../../http/parse";
import { bodyEmail, clientIp, type RateLimits } from "../../http/rate-limit";
import { presentAccepted } from "../../presenters/account";
import { presentNewsletterState } from "../../presenters/newsletter";

/** Subscriptions one client address may ask for in an hour. */
export const NEWSLETTER_PER_IP = { points: 10, durationSeconds: 3600 };
/** Confirmation mails one address may be sent in an hour. */
export const NEWSLETTER_PER_EMAIL = { points: 3, durationSeconds: 3600 };
/** Confirm and unsubscribe calls per client address in an hour (token guessing). */
export const NEWSLETTER_LINKS_PER_IP = { points: 30, durationSeconds: 3600 };

/** /newsletter, public: the blog's newsletter box with double opt-in. */
export function newsletterRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const perIp = limits.middleware({ name: "newsletter-ip", ...NEWSLETTER_PER_IP, key: clientIp });
  const perEmail = limits.middleware({
    name: "newsletter-email",
    ...NEWSLETTER_PER_EMAIL,
    key: (req) => bodyEmail(req) || undefined,
  });
  const linksPerIp = limits.middleware({
    name: "newsletter-link-ip",
    ...NEWSLETTER_LINKS_PER_IP,
    key: clientIp,
  });

  // The same 202 for a new, pending or confirmed address: the answer tells nobody who subscribes.
  router.post("/subscriptions", perIp, perEmail, async (req, res) => {
    const { email } = parse(newsletterSubscribeRequestSchema, req.body, "invalidEmailFormat");
    await subscribeToNewsletter(ctx, email);
    res.status(202).json(presentAccepted("newsletterCheckInbox"));
  });

  router.post("/confirm", linksPerIp, async (req, res) => {
    const { token } = parse(newsletterTokenRequestSchema, req.body, "newsletterLinkInvalid");
    res.json(presentNewsletterState(await confirmNewsletter(ctx, token)));
  });

  router.post("/unsubscribe", linksPerIp, async (req, res) => {
    const { token } = parse(newsletterTokenRequestSchema, req.body, "newsletterLinkInvalid");
    res.json(presentNewsletterState(await unsubscribeNewsletter(ctx, token)));
  });
  return router;
}
