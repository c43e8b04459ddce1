import { CERTIFICATE_PATTERN, messages, resultMessages, trendQuerySchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { findCertificate, getReport, listReports, reportPdf } from "../../domain/reports";
import { reportTrend } from "../../domain/results";
import { AppError } from "../../lib/app-error";
import { claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { presentCertificate, presentReportWithExtras } from "../../presenters/report";
import { presentTrend } from "../../presenters/trend";

/** /reports, behind customer authentication: own reports only, others are "not found". */
export function reportsRouter(ctx: DomainContext): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    res.json((await listReports(ctx, claimsOf(req).subject)).map(presentReportWithExtras));
  });
  // One parameter across a provider's reports, with a market's limit line (issue 16).
  router.get("/trend", async (req, res) => {
    const query = parse(trendQuerySchema, req.query, resultMessages.trendParameterRequired);
    res.json(presentTrend(await reportTrend(ctx, claimsOf(req).subject, query)));
  });
  router.get("/:id/pdf", async (req, res) => {
    const id = parseIdParam(req.params["id"], messages.reportNotFound);
    const { pdf, filename } = await reportPdf(ctx, claimsOf(req).subject, id);
    res
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="${filename}"`)
      .set("Cache-Control", "private, no-store")
      .send(pdf);
  });
  router.get("/:id", async (req, res) => {
    const id = parseIdParam(req.params["id"], messages.reportNotFound);
    res.json(presentReportWithExtras(await getReport(ctx, claimsOf(req).subject, id)));
  });
  return router;
}

/** /certificates/{number}: public. */
export function certificatesRouter(ctx: DomainContext): Router {
  const router = Router();
  router.get("/:number", async (req, res) => {
    const number = String(req.params["number"]).toUpperCase();
    if (!CERTIFICATE_PATTERN.test(number)) throw new AppError(404, "not_found", messages.certificateNotFound);
    const { report, shrimpCategory, sha256, replacedBy } = await findCertificate(ctx, number);
    res.json(presentCertificate(report, shrimpCategory, { sha256, replacedBy }));
  });
  return router;
}
