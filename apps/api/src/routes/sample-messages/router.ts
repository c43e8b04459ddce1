import { SAMPLE_READER_ROLES } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { memberSampleMessages, staffSampleMessages } from "../../domain/notifications/sample-messages";
import { authenticate, memberOf } from "../../http/authenticate";
import { parseIdParam } from "../../http/parse";
import { presentMessageStatus } from "../../presenters/message-status";

/**
 * /samples/{id}/messages: the signed-in member's own SMS and WhatsApp messages about a sample they
 * see, numbers masked. A role that reads no samples is refused (403), like the bell's.
 */
export function sampleMessagesRouter(ctx: DomainContext): Router {
  const router = Router();
  router.get("/:id/messages", authenticate(ctx, "customer"), async (req, res) => {
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const rows = await memberSampleMessages(ctx, memberOf(req, SAMPLE_READER_ROLES), id);
    res.json(rows.map((row) => presentMessageStatus(row, "customer")));
  });
  return router;
}

/** /lab/samples/{id}/messages, behind staff authentication: every message about the sample, numbers whole. */
export function labSampleMessagesRouter(ctx: DomainContext): Router {
  const router = Router();
  router.get("/samples/:id/messages", async (req, res) => {
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const rows = await staffSampleMessages(ctx, id);
    res.json(rows.map((row) => presentMessageStatus(row, "staff")));
  });
  return router;
}
