import type { QueuedCollection } from "../utils/field-db";
import { collectionFormData } from "../utils/collection-form-data";
import { fieldRequest } from "./field-request";

/**
 * POST /field/collections with the item's Idempotency-Key, as a multipart form (binary photos):
 * 201 written, 200 the same key again (already written, the same answer); both mean the server has it.
 */
export function sendCollection(item: QueuedCollection): Promise<unknown> {
  return fieldRequest("/field/collections", {
    method: "POST",
    body: collectionFormData(item),
    headers: { "Idempotency-Key": item.idempotencyKey },
  });
}
