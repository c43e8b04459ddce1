import { COLLECTION_FORM_FIELD, PHOTO_MAX_BYTES, PHOTOS_MAX } from "@lab/contracts";
import busboy from "busboy";
import type { Request, Response } from "express";

import { AppError, invalidField, tooLarge, unsupportedMedia } from "../../lib/app-error";

// A collection as multipart/form-data: its fields as JSON in one text part, its photos as binary
// file parts named by their kind. Read as it streams in, every limit checked as the bytes arrive:
// nothing beyond a photo's limit, or the form's, is held or even read.

/** The collection part's JSON: every text at its limit, escaped, stays well below this. */
export const COLLECTION_FIELDS_MAX_BYTES = 32 * 1024;
/** The whole body: four photos at their limit, the fields, and room for boundaries and part headers. */
export const COLLECTION_FORM_LIMIT = PHOTOS_MAX * PHOTO_MAX_BYTES + COLLECTION_FIELDS_MAX_BYTES + 32 * 1024;

export interface CollectionForm {
  /** The collection part, parsed as JSON. */
  fields: unknown;
  /** The file parts in order: the part's name (the photo's kind) and its bytes. */
  photos: { kind: string; bytes: Buffer }[];
}

export const isCollectionForm = (req: Request): boolean => Boolean(req.is("multipart/form-data"));

const unreadable = (field = COLLECTION_FORM_FIELD) => invalidField("collectionInvalid", field);

const limits = {
  // busboy counts a part that reaches its limit as cut short: one byte more than allowed.
  fileSize: PHOTO_MAX_BYTES + 1,
  files: PHOTOS_MAX,
  fields: 1,
  fieldSize: COLLECTION_FIELDS_MAX_BYTES + 1,
  headerPairs: 20,
};

/**
 * Reads the form. Refusals, each as soon as it is known: a body declared or found larger than
 * COLLECTION_FORM_LIMIT or a collection part over its limit (413), a photo over PHOTO_MAX_BYTES
 * (422 photoTooLarge at `photos.N.data`, as the JSON body's rule), a fifth photo (400 photosTooMany),
 * a compressed body (415), anything else that is not this form (400 collectionInvalid), its JSON
 * unreadable (400 malformedJson). A body over the limit is read no further and its connection closes
 * with the answer (else Node would read the rest, whatever its size); after another refusal the rest,
 * up to the limit, is read and dropped, so a client still sending reads the answer.
 */
export function readCollectionForm(req: Request, res: Response): Promise<CollectionForm> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let received = 0;
    let parser: busboy.Busboy | undefined;
    let fields: unknown;
    let sawFields = false;
    const photos: CollectionForm["photos"] = [];

    const stopParsing = () => {
      if (parser) req.unpipe(parser);
    };
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      stopParsing();
      req.resume();
      reject(error);
    };
    const cutOff = () => {
      req.off("data", count);
      stopParsing();
      req.pause();
      if (res.headersSent) {
        req.destroy();
      } else {
        res.setHeader("Connection", "close");
      }
      if (!settled) {
        settled = true;
        reject(tooLarge());
      }
    };
    function count(chunk: Buffer) {
      received += chunk.length;
      if (received > COLLECTION_FORM_LIMIT) cutOff();
    }

    const declared = Number(req.headers["content-length"] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > COLLECTION_FORM_LIMIT) return cutOff();
    req.on("data", count);
    // The client went away before the form ended.
    req.on("error", () => fail(unreadable()));
    req.on("close", () => {
      if (!req.complete) fail(unreadable());
    });
    const encoding = req.headers["content-encoding"];
    if (encoding !== undefined && encoding.toLowerCase() !== "identity") return fail(unsupportedMedia());
    try {
      parser = busboy({ headers: req.headers, limits });
    } catch {
      // No boundary, or a content type busboy cannot read.
      return fail(unreadable());
    }

    parser.on("field", (name, value, info) => {
      if (name !== COLLECTION_FORM_FIELD || sawFields) return fail(unreadable(name));
      if (info.valueTruncated) return fail(tooLarge());
      sawFields = true;
      try {
        fields = JSON.parse(value) as unknown;
      } catch {
        fail(invalidField("malformedJson", COLLECTION_FORM_FIELD, "malformed_json"));
      }
    });
    parser.on("file", (name, stream) => {
      // The collection's JSON is a text part; as a file (with a filename) it is not this form.
      if (name === COLLECTION_FORM_FIELD) {
        stream.resume();
        return fail(unreadable());
      }
      const index = photos.length;
      const photo = { kind: name, bytes: Buffer.alloc(0) };
      photos.push(photo);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () =>
        fail(new AppError(422, "validation_failed", "photoTooLarge", {}, `photos.${index}.data`)),
      );
      stream.on("end", () => {
        photo.bytes = Buffer.concat(chunks);
      });
      stream.on("error", () => fail(unreadable()));
    });
    parser.on("filesLimit", () => fail(invalidField("photosTooMany", "photos")));
    parser.on("fieldsLimit", () => fail(unreadable()));
    parser.on("error", () => fail(unreadable()));
    parser.on("close", () => {
      if (settled) return;
      if (!sawFields) return fail(unreadable());
      settled = true;
      resolve({ fields, photos });
    });
    req.pipe(parser);
  });
}
