import { collectionInputSchema } from "@lab/contracts";
import express, { Router, type Request, type RequestHandler, type Response } from "express";

import type { DomainContext } from "../../domain/context";
import {
  checkCollection,
  recordCollection,
  type CollectionFields,
  type CollectionRequest,
} from "../../domain/field/collections";
import { preparePhotos } from "../../domain/field/photos";
import { authenticate, claimsOf } from "../../http/authenticate";
import { idempotencyKeyOf, requestHashOf } from "../../http/idempotency";
import { parse } from "../../http/parse";
import { AppError, invalidField } from "../../lib/app-error";
import { presentCollection } from "../../presenters/collection";
import { isCollectionForm, readCollectionForm, type CollectionForm } from "./multipart";

/**
 * Four photos of 200 KB in base64 (about 1.1 MB) and the fields: this route's own body limit. The
 * parser stops reading at the limit, so a larger body is refused without being held in memory.
 */
export const COLLECTION_JSON_LIMIT = "1300kb";

/** The key is checked before the body is read: a request that cannot be retried safely is not taken. */
const requireKey: RequestHandler = (req, _res, next) => {
  if (idempotencyKeyOf(req) === undefined)
    throw invalidField("collectionKeyRequired", undefined, "idempotency_key_invalid");
  next();
};

const jsonBody = express.json({ limit: COLLECTION_JSON_LIMIT });

/** JSON bodies are read here; a multipart form is read by the handler, as it streams in. */
const readJson: RequestHandler = (req, res, next) => {
  if (isCollectionForm(req)) {
    next();
    return;
  }
  jsonBody(req, res, next);
};

/**
 * The form as the JSON body it stands for: its fields with the photos' bytes in base64. So both
 * spellings of a collection are checked by one schema, say the same things, and hash the same: a
 * collection sent as JSON and retried as a form (or the other way) under one key is a retry.
 */
function bodyOfForm({ fields, photos }: CollectionForm): unknown {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return fields;
  // The photos are the file parts; base64 ones beside them would be a second, conflicting set.
  if ("photos" in fields) throw invalidField("collectionInvalid", "photos");
  return { ...fields, photos: photos.map(({ kind, bytes }) => ({ kind, data: bytes.toString("base64") })) };
}

/** The request's body: JSON as parsed, or the form read now. */
async function collectionBody(req: Request, res: Response): Promise<unknown> {
  return isCollectionForm(req) ? bodyOfForm(await readCollectionForm(req, res)) : req.body;
}

/** The body's fields; a photo over the size limit is refused like one found too large once decoded (422). */
function parseCollection(body: unknown): CollectionFields {
  try {
    return parse(collectionInputSchema, body, "collectionInvalid");
  } catch (error) {
    if (error instanceof AppError && error.key === "photoTooLarge")
      throw new AppError(422, "validation_failed", "photoTooLarge", {}, error.field);
    throw error;
  }
}

/**
 * POST /field/collections: an agent's collection, sent from the field app (possibly from its offline
 * queue, possibly twice), as JSON with base64 photos or as a multipart form with binary ones. Mounted
 * before the API's own JSON parser, with its larger limit, and the agent's token is checked before
 * the body is read.
 */
export function fieldCollectionsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.post("/", authenticate(ctx, "agent"), requireKey, readJson, async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req) ?? "";
    const input = parseCollection(await collectionBody(req, res));
    // sentAt is the phone's clock at each attempt: a retry sends it anew, and is still the same request.
    const { sentAt: _sentAt, ...request } = input;
    const collection: CollectionRequest = {
      agentId: claimsOf(req).subject,
      idempotencyKey,
      requestHash: requestHashOf(request),
      input,
    };
    const { replay } = await checkCollection(ctx, collection);
    if (replay) {
      res.setHeader("Idempotent-Replayed", "true");
      res.status(200).json(presentCollection(replay));
      return;
    }
    // Decoded and re-encoded before the transaction opens: image work holds no locks.
    const photos = await preparePhotos(input.photos);
    const { view, replayed } = await recordCollection(ctx, collection, photos);
    if (replayed) res.setHeader("Idempotent-Replayed", "true");
    res.status(replayed ? 200 : 201).json(presentCollection(view));
  });

  return router;
}
