import { SAMPLE_READER_ROLES } from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { collectionPhoto, collectionViewOf } from "../../domain/field/collections";
import { custodyReaderOf, getCustody, requireCustodyReader } from "../../domain/field/custody";
import { claimsOf, memberOf } from "../../http/authenticate";
import { parseIdParam } from "../../http/parse";
import { notFound } from "../../lib/app-error";
import { presentCustody } from "../../presenters/collection";

// A photo's bytes never change (a new photo is a new id): a day in the reader's own cache.
const PHOTO_CACHE = "private, max-age=86400";

/** Who reads: a customer member (with a role that reads samples), staff, or an agent. */
const readerOf = (req: Request) => custodyReaderOf(claimsOf(req), () => memberOf(req, SAMPLE_READER_ROLES));

/**
 * /samples/{id}/custody and its photos, for anyone signed in: a customer member for the samples they
 * see, staff for all, an agent for their own jobs; any other sample is not found.
 */
export function custodyRouter(ctx: DomainContext): Router {
  const router = Router();

  router.get("/:id/custody", async (req, res) => {
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const custody = await getCustody(ctx, readerOf(req), id);
    res.json(presentCustody(custody, await collectionViewOf(ctx.db, custody.sampleId)));
  });

  router.get("/:id/photos/:photoId", async (req, res) => {
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const photoId = parseIdParam(req.params["photoId"], "notFound");
    const sampleId = await requireCustodyReader(ctx.db, readerOf(req), id);
    const photo = await collectionPhoto(ctx.db, sampleId, photoId);
    if (!photo) throw notFound();
    res
      .set({ "Content-Type": "image/jpeg", "Cache-Control": PHOTO_CACHE, ETag: `"${photo.sha256}"` })
      .send(photo.content);
  });

  return router;
}
