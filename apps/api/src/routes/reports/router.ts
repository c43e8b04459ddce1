import {
  CERTIFICATE_PATTERN,
  SAMPLE_READER_ROLES,
  certificateProofSchema,
  trendQuerySchema,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { findCertificate, getReport, listReports, reportPdf } from "../../domain/reports/reports";
import { reportTrend } from "../../domain/results";
import { notFound, rateLimited } from "../../lib/app-error";
import { memberOf } from "../../http/authenticate";
import { clientIp, type RateBudget, type RateLimits } from "../../http/rate-limit";
import { parse, parseIdParam } from "../../http/parse";
import { presentCertificate, presentReportWithExtras } from "../../presenters/report";
import { presentTrend } from "../../presenters/trend";

/**
 * /reports, behind customer authentication: the reports of the samples the member sees (by role and
 * scope); any other is "not found".
 */
export function reportsRouter(ctx: DomainContext): Router {
  const router = Router();
  const reader = (req: Request) => memberOf(req, SAMPLE_READER_ROLES);
  router.get("/", async (req, res) => {
    res.json((await listReports(ctx, reader(req))).map(presentReportWithExtras));
  });
  // One parameter across a provider's, a pond's or a crop's reports, with a market's limit line.
  router.get("/trend", async (req, res) => {
    const member = reader(req);
    const query = parse(trendQuerySchema, req.query, "trendParameterRequired");
    res.json(presentTrend(await reportTrend(ctx, member, query)));
  });
  router.get("/:id/pdf", async (req, res) => {
    const id = parseIdParam(req.params["id"], "reportNotFound");
    const { pdf, filename } = await reportPdf(ctx, reader(req), id);
    res
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="${filename}"`)
      .set("Cache-Control", "private, no-store")
      .send(pdf);
  });
  router.get("/:id", async (req, res) => {
    const id = parseIdParam(req.params["id"], "reportNotFound");
    res.json(presentReportWithExtras(await getReport(ctx, reader(req), id)));
  });
  return router;
}

/**
 * Public checks per client address: a processor checking a truck's lots stays far below it, a
 * harvester of sequential numbers reaches it within seconds.
 */
export const CERTIFICATE_CHECKS_PER_IP = { points: 60, durationSeconds: 600 };
/**
 * Wrong check codes (or file hashes) one address may try per certificate number. Counted per address
 * and number, not per number alone: a per-number count would let anyone lock a buyer at the gate out
 * of a certificate with ten wrong codes. Guessing stays hopeless: the code has 64 random bits and
 * every address is held to the per-address budget above.
 */
export const CERTIFICATE_MISSES_PER_NUMBER = { points: 10, durationSeconds: 3600 };

// The window's length: an upper bound of the wait, as the count's age is not kept.
const tooManyMisses = () => rateLimited(CERTIFICATE_MISSES_PER_NUMBER.durationSeconds);

/** /certificates/{number}: public; the results only with the printed check code or the PDF's hash. */
export function certificatesRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const misses: RateBudget = { name: "certificate-misses", ...CERTIFICATE_MISSES_PER_NUMBER };
  const perIp = limits.middleware({
    name: "certificate-check-ip",
    ...CERTIFICATE_CHECKS_PER_IP,
    key: clientIp,
  });
  router.get("/:number", perIp, async (req, res) => {
    const number = String(req.params["number"]).toUpperCase();
    if (!CERTIFICATE_PATTERN.test(number)) throw notFound("certificateNotFound");
    const proof = parse(certificateProofSchema, req.query, "checkCodeInvalid");
    const proven = proof.code !== undefined || proof.sha256 !== undefined;
    // Once a number's misses are spent, no proof of it is compared: a right guess would tell.
    const missKey = `${clientIp(req)}|${number}`;
    if (proven && (await limits.used(misses, missKey)) >= misses.points) throw tooManyMisses();
    const found = await findCertificate(ctx, number, proof);
    if (found.access === "mismatch") await limits.take(misses, missKey, 1);
    res.set("Cache-Control", "no-store").json(presentCertificate(found));
  });
  return router;
}
