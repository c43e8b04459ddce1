import { revocationListQuerySchema, revokeRequestSchema } from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { getReport } from "../../domain/reports/reports";
import {
  REVOCATION_ACTIONS_PER_HOUR,
  askRevocation,
  cancelRevocation,
  confirmRevocation,
  listOpenRevocations,
} from "../../domain/reports/revocations";
import { claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import type { RateLimitRule, RateLimits } from "../../http/rate-limit";
import { presentLabReport } from "../../presenters/report";
import { presentRevocationRequest } from "../../presenters/revocation";

/**
 * Revocation actions per staff member: a stolen session cannot withdraw every certificate the lab
 * issued, even where one person may revoke alone.
 */
export const revocationActionsRule: RateLimitRule = {
  name: "lab-revocation",
  points: REVOCATION_ACTIONS_PER_HOUR,
  durationSeconds: 3600,
  key: (req) => String(claimsOf(req).subject),
};

/**
 * Revoking a report, under the lab's two-person rule by default: one reviewer or admin asks (202, the
 * open request), a different one confirms or either cancels. Mounted behind the lab's staff sign-in.
 */
export function labRevocationsRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const limited = limits.middleware(revocationActionsRule);
  const staffId = (req: Request) => claimsOf(req).subject;
  const requestId = (req: Request) => parseIdParam(req.params["id"], "revocationRequestNotFound");

  router.post("/reports/:id/revoke", limited, async (req, res) => {
    const id = parseIdParam(req.params["id"], "reportNotFound");
    const input = parse(revokeRequestSchema, req.body, "revokeReasonRequired");
    const outcome = await askRevocation(ctx, id, input, staffId(req));
    if (outcome.kind === "requested") {
      res.status(202).json(presentRevocationRequest(outcome.request));
      return;
    }
    res.json(presentLabReport(await getReport(ctx, undefined, outcome.report.id)));
  });

  router.get("/revocations", async (req, res) => {
    const { sampleId } = parse(revocationListQuerySchema, req.query, "sampleNotFound");
    res.json((await listOpenRevocations(ctx, { sampleId })).map(presentRevocationRequest));
  });

  router.post("/revocations/:id/confirm", limited, async (req, res) => {
    res.json(presentRevocationRequest(await confirmRevocation(ctx, requestId(req), staffId(req))));
  });

  router.post("/revocations/:id/cancel", limited, async (req, res) => {
    res.json(presentRevocationRequest(await cancelRevocation(ctx, requestId(req), staffId(req))));
  });

  return router;
}
