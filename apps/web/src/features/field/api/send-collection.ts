import type { QueuedCollection } from "../utils/field-db";
import { collectionFormData } from "../utils/collection-form-data";
import { fieldRequest } from "./field-request";
import { uploadTransport } from "./upload-transport";

/**
 * POST /field/collections with the item's Idempotency-Key, as a multipart form (binary photos):
 * 201 written, 200 the same key again (already written, the same answer); both mean the server has it.
 * `bodySent` is called once the form has gone out in full; where the browser cannot tell (no
 * XMLHttpRequest), at once.
 */
export function sendCollection(
  item: QueuedCollection,
  bodySent: () => void = () => undefined,
): Promise<unknown> {
  const canTell = typeof XMLHttpRequest !== "undefined";
  if (!canTell) bodySent();
  return fieldRequest("/field/collections", {
    method: "POST",
    body: collectionFormData(item),
    headers: { "Idempotency-Key": item.idempotencyKey },
    transport: canTell ? uploadTransport(bodySent) : undefined,
  });
}
