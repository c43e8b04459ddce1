import type { CollectionInput } from "@lab/contracts";

import { base64Of } from "../utils/base64";
import type { QueuedCollection } from "../utils/field-db";
import { fieldRequest } from "./field-request";

/** The body of one attempt: the saved fields, the phone's clock now (sentAt), the photos as base64. */
export function collectionBody(item: QueuedCollection, now = new Date()): CollectionInput {
  return {
    ...item.body,
    sentAt: now.toISOString(),
    photos: item.photos.map((photo) => ({ kind: photo.kind, data: base64Of(photo.bytes) })),
  };
}

/**
 * POST /field/collections with the item's Idempotency-Key: 201 written, 200 the same key again
 * (already written, the same answer); both mean the server has it.
 */
export function sendCollection(item: QueuedCollection): Promise<unknown> {
  return fieldRequest("/field/collections", {
    method: "POST",
    body: collectionBody(item),
    headers: { "Idempotency-Key": item.idempotencyKey },
  });
}
