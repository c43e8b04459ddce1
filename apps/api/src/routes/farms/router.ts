import {
  SAMPLE_READER_ROLES,
  SAMPLE_WRITER_ROLES,
  createCropRequestSchema,
  createFarmRequestSchema,
  createLotRequestSchema,
  createPondRequestSchema,
  updateCropRequestSchema,
  updateFarmRequestSchema,
  updatePondRequestSchema,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { listCropSamples } from "../../domain/farms/crop-samples";
import {
  createLot,
  getCrop,
  listCropLots,
  listCrops,
  ownCrop,
  stockCrop,
  updateCrop,
} from "../../domain/farms/crops";
import {
  createFarm,
  createPond,
  deleteFarm,
  deletePond,
  getFarm,
  getPond,
  listFarms,
  listPonds,
  ownFarm,
  ownPond,
  updateFarm,
  updatePond,
} from "../../domain/farms/farms";
import { authenticate, memberOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { presentCropSamples } from "../../presenters/crop-samples";
import { presentCrop, presentFarm, presentLot, presentPond } from "../../presenters/farm";

// Every member but billing reads farms; admin and full members change them. A change looks its row up
// before reading the body: another organisation's id is not found, whatever the body holds.
const reader = (req: Request) => memberOf(req, SAMPLE_READER_ROLES);
const writer = (req: Request) => memberOf(req, SAMPLE_WRITER_ROLES);

/** /farms: the organisation's farms and their ponds. Another organisation's id is not found. */
export function farmsRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "customer"));
  const farmId = (req: Request) => parseIdParam(req.params["id"], "farmNotFound");

  router.get("/", async (req, res) => {
    const farms = await listFarms(ctx, reader(req));
    const now = ctx.now();
    res.json({ items: farms.map((farm) => presentFarm(farm, now)) });
  });
  router.post("/", async (req, res) => {
    const member = writer(req);
    const input = parse(createFarmRequestSchema, req.body, "farmInvalid");
    res.status(201).json(presentFarm(await createFarm(ctx, member, input), ctx.now()));
  });
  router.get("/:id", async (req, res) => {
    const member = reader(req);
    res.json(presentFarm(await getFarm(ctx, member, farmId(req)), ctx.now()));
  });
  router.put("/:id", async (req, res) => {
    const member = writer(req);
    const id = (await ownFarm(ctx.db, member, farmId(req))).id;
    const input = parse(updateFarmRequestSchema, req.body, "farmInvalid");
    res.json(presentFarm(await updateFarm(ctx, member, id, input), ctx.now()));
  });
  router.delete("/:id", async (req, res) => {
    const member = writer(req);
    await deleteFarm(ctx, member, farmId(req));
    res.status(204).end();
  });

  router.get("/:id/ponds", async (req, res) => {
    const member = reader(req);
    res.json({ items: (await listPonds(ctx, member, farmId(req))).map(presentPond) });
  });
  router.post("/:id/ponds", async (req, res) => {
    const member = writer(req);
    const id = (await ownFarm(ctx.db, member, farmId(req))).id;
    const input = parse(createPondRequestSchema, req.body, "pondInvalid");
    res.status(201).json(presentPond(await createPond(ctx, member, id, input)));
  });
  return router;
}

/** /ponds/{id}: a pond, and its crops (history, and stocking a new one). */
export function pondsRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "customer"));
  const pondId = (req: Request) => parseIdParam(req.params["id"], "pondNotFound");

  router.get("/:id", async (req, res) => {
    const member = reader(req);
    res.json(presentPond(await getPond(ctx, member, pondId(req))));
  });
  router.put("/:id", async (req, res) => {
    const member = writer(req);
    const id = (await ownPond(ctx.db, member, pondId(req))).id;
    const input = parse(updatePondRequestSchema, req.body, "pondInvalid");
    res.json(presentPond(await updatePond(ctx, member, id, input)));
  });
  router.delete("/:id", async (req, res) => {
    const member = writer(req);
    await deletePond(ctx, member, pondId(req));
    res.status(204).end();
  });

  router.get("/:id/crops", async (req, res) => {
    const member = reader(req);
    res.json({ items: (await listCrops(ctx, member, pondId(req))).map(presentCrop) });
  });
  router.post("/:id/crops", async (req, res) => {
    const member = writer(req);
    const id = (await ownPond(ctx.db, member, pondId(req))).id;
    const input = parse(createCropRequestSchema, req.body, "cropInvalid");
    res.status(201).json(presentCrop(await stockCrop(ctx, member, id, input)));
  });
  return router;
}

/** /crops/{id}: a crop (a harvest date ends it), its harvest lots and its samples. */
export function cropsRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "customer"));
  const cropId = (req: Request) => parseIdParam(req.params["id"], "cropNotFound");

  router.get("/:id", async (req, res) => {
    const member = reader(req);
    res.json(presentCrop(await getCrop(ctx, member, cropId(req))));
  });
  router.put("/:id", async (req, res) => {
    const member = writer(req);
    const id = (await ownCrop(ctx.db, member, cropId(req))).id;
    const input = parse(updateCropRequestSchema, req.body, "cropInvalid");
    res.json(presentCrop(await updateCrop(ctx, member, id, input)));
  });

  router.get("/:id/lots", async (req, res) => {
    const member = reader(req);
    res.json({ items: (await listCropLots(ctx, member, cropId(req))).map(presentLot) });
  });
  router.post("/:id/lots", async (req, res) => {
    const member = writer(req);
    const id = (await ownCrop(ctx.db, member, cropId(req))).id;
    const input = parse(createLotRequestSchema, req.body, "lotInvalid");
    res.status(201).json(presentLot(await createLot(ctx, member, id, input)));
  });

  // The crop's history: its samples the member sees, with their latest reports' verdicts.
  router.get("/:id/samples", async (req, res) => {
    const member = reader(req);
    res.json(presentCropSamples(await listCropSamples(ctx, member, cropId(req))));
  });
  return router;
}
