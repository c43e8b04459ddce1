// A queued collection as the server takes it from the field app: multipart/form-data, its fields as
// JSON in one part and each photo's bytes as a binary part named by its kind (a third smaller on the
// line than base64 in JSON).
import { COLLECTION_FORM_FIELD } from "@lab/contracts";

import type { QueuedCollection } from "./field-db";

/** File names by type, so a server log or a proxy sees what each part is. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/webp": "webp",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** The body of one attempt: the saved fields with the phone's clock now (sentAt), then the photos in order. */
export function collectionFormData(item: QueuedCollection, now = new Date()): FormData {
  const form = new FormData();
  form.append(COLLECTION_FORM_FIELD, JSON.stringify({ ...item.body, sentAt: now.toISOString() }));
  for (const [index, photo] of item.photos.entries()) {
    const extension = EXTENSIONS[photo.type] ?? "bin";
    form.append(photo.kind, new Blob([photo.bytes], { type: photo.type }), `photo-${index + 1}.${extension}`);
  }
  return form;
}
