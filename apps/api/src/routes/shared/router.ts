import { SAMPLE_READER_ROLES } from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { sharedReportPdf, sharedSample, sharedWithUs } from "../../domain/organisations/shares";
import { authenticate, memberOf } from "../../http/authenticate";
import { parseIdParam } from "../../http/parse";
import { presentSharedSample, presentSharedWithUs } from "../../presenters/share";

/**
 * /shared: what other organisations share with the caller's now (farms, lots, their samples and
 * reports), read by every member but billing. Anything else, or anything once its share has ended or
 * was revoked, is "not found".
 */
export function sharedRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "customer"));
  const reader = (req: Request) => memberOf(req, SAMPLE_READER_ROLES);

  router.get("/", async (req, res) => {
    const member = reader(req);
    res
      .set("Cache-Control", "private, no-store")
      .json(presentSharedWithUs(await sharedWithUs(ctx, member), ctx.now()));
  });
  router.get("/samples/:id", async (req, res) => {
    const member = reader(req);
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    res
      .set("Cache-Control", "private, no-store")
      .json(presentSharedSample(await sharedSample(ctx, member, id)));
  });
  router.get("/samples/:id/report.pdf", async (req, res) => {
    const member = reader(req);
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const { pdf, filename } = await sharedReportPdf(ctx, member, id);
    res
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="${filename}"`)
      .set("Cache-Control", "private, no-store")
      .send(pdf);
  });
  return router;
}
