import { contactEnquiryRequestSchema, enquiryListQuerySchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { listEnquiries, markEnquiryHandled, submitEnquiry } from "../../domain/customers/enquiries";
import { authenticate } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { bodyEmail, clientIp, type RateLimits } from "../../http/rate-limit";
import { presentAccepted } from "../../presenters/account";
import { presentEnquiry, presentEnquiryPage } from "../../presenters/enquiry";

/** Enquiries one client address may send in an hour (an office shares one address). */
export const ENQUIRIES_PER_IP = { points: 10, durationSeconds: 3600 };
/** Enquiries per e-mail address in an hour: each one mails that address an acknowledgement. */
export const ENQUIRIES_PER_EMAIL = { points: 3, durationSeconds: 3600 };

/** /enquiries, public: the landing page's contact form. */
export function enquiriesRouter(ctx: DomainContext, limits: RateLimits, labAddress: string): Router {
  const router = Router();
  const perIp = limits.middleware({ name: "enquiry-ip", ...ENQUIRIES_PER_IP, key: clientIp });
  const perEmail = limits.middleware({
    name: "enquiry-email",
    ...ENQUIRIES_PER_EMAIL,
    key: (req) => bodyEmail(req) || undefined,
  });

  router.post("/", perIp, perEmail, async (req, res) => {
    const input = parse(contactEnquiryRequestSchema, req.body, "profileInvalidFormat");
    await submitEnquiry(ctx, labAddress, input);
    res.status(202).json(presentAccepted("enquiryReceived"));
  });
  return router;
}

/** /lab/enquiries: staff read the enquiries, newest first, and mark them handled. */
export function labEnquiriesRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "lab"));

  router.get("/", async (req, res) => {
    const query = parse(enquiryListQuerySchema, req.query, "profileInvalidFormat");
    res.json(presentEnquiryPage(await listEnquiries(ctx, query)));
  });

  router.post("/:id/handled", async (req, res) => {
    const id = parseIdParam(req.params["id"], "enquiryNotFound");
    res.json(presentEnquiry(await markEnquiryHandled(ctx, id)));
  });
  return router;
}
