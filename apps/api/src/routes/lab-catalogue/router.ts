import {
  marketInputSchema,
  MARKET_CODE_PATTERN,
  PARAMETER_CODE_PATTERN,
  panelInputSchema,
  parameterInputSchema,
  specVersionInputSchema,
} from "@lab/contracts";
import { Router, type Request } from "express";

import {
  addVersion,
  createMarket,
  listMarkets,
  listVersions,
  updateVersion,
} from "../../domain/catalogue/markets";
import { listPanels, setPanel } from "../../domain/catalogue/panels";
import { createParameter, listParameters, updateParameter } from "../../domain/catalogue/parameters";
import type { DomainContext } from "../../domain/context";
import { requireRole } from "../../domain/staff/staff-roles";
import { authenticate, claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { notFound, type Said } from "../../lib/app-error";
import {
  presentMarket,
  presentPanel,
  presentParameter,
  presentSpecVersion,
} from "../../presenters/catalogue";

const CATALOGUE_INVALID = "catalogueEntryInvalid";

/** A path segment that can name no row of the pattern is a 404, like an unknown one. */
function codeParam(value: unknown, pattern: RegExp, missing: Said): string {
  const code = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!pattern.test(code)) throw notFound(missing);
  return code;
}

/** /lab/parameters, /lab/panels, /lab/markets: the catalogue staff read and admins edit. */
export function labCatalogueRouter(ctx: DomainContext): Router {
  const router = Router();
  // Mounted at /lab ahead of the lab router: only its own paths may demand a token (not /lab/login).
  router.use(["/parameters", "/panels", "/markets"], authenticate(ctx, "lab"));

  const admin = (req: Request) => requireRole(ctx, claimsOf(req).subject, "admin");
  const parameterCode = (req: Request) =>
    codeParam(req.params["code"], PARAMETER_CODE_PATTERN, "parameterNotFound");
  const marketCode = (req: Request) => codeParam(req.params["code"], MARKET_CODE_PATTERN, "marketNotFound");

  router.get("/parameters", async (_req, res) => {
    res.json((await listParameters(ctx)).map(presentParameter));
  });
  router.post("/parameters", async (req, res) => {
    await admin(req);
    const input = parse(parameterInputSchema, req.body, CATALOGUE_INVALID);
    res.status(201).json(presentParameter(await createParameter(ctx, input)));
  });
  router.put("/parameters/:code", async (req, res) => {
    await admin(req);
    const code = parameterCode(req);
    // The code is the path's; a body may repeat it.
    const body: unknown =
      typeof req.body === "object" && req.body !== null && !Array.isArray(req.body)
        ? { code, ...(req.body as Record<string, unknown>) }
        : req.body;
    const input = parse(parameterInputSchema, body, CATALOGUE_INVALID);
    res.json(presentParameter(await updateParameter(ctx, code, input)));
  });

  router.get("/panels", async (_req, res) => {
    res.json((await listPanels(ctx)).map(presentPanel));
  });
  router.put("/panels/:testType", async (req, res) => {
    await admin(req);
    const { parameters } = parse(panelInputSchema, req.body, CATALOGUE_INVALID);
    res.json(presentPanel(await setPanel(ctx, String(req.params["testType"]), parameters)));
  });

  router.get("/markets", async (_req, res) => {
    res.json((await listMarkets(ctx)).map(presentMarket));
  });
  router.post("/markets", async (req, res) => {
    await admin(req);
    const input = parse(marketInputSchema, req.body, CATALOGUE_INVALID);
    res.status(201).json(presentMarket(await createMarket(ctx, input)));
  });
  router.get("/markets/:code/versions", async (req, res) => {
    res.json((await listVersions(ctx, marketCode(req))).map(presentSpecVersion));
  });
  router.post("/markets/:code/versions", async (req, res) => {
    const member = await admin(req);
    const code = marketCode(req);
    const input = parse(specVersionInputSchema, req.body, CATALOGUE_INVALID);
    res.status(201).json(presentSpecVersion(await addVersion(ctx, code, input, member.id)));
  });
  router.put("/markets/:code/versions/:version", async (req, res) => {
    await admin(req);
    const code = marketCode(req);
    const version = parseIdParam(req.params["version"], "specVersionNotFound");
    const input = parse(specVersionInputSchema, req.body, CATALOGUE_INVALID);
    res.json(presentSpecVersion(await updateVersion(ctx, code, version, input)));
  });

  return router;
}
