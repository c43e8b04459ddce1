import { createHash } from "node:crypto";

import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, type PhotoKind } from "@lab/contracts";
import exifr from "exifr";
import sharp from "sharp";

import { AppError } from "../../lib/app-error";

// Photos are decoded and re-encoded here, outside any transaction: what is stored is a JPEG made by
// the server, without the phone's metadata (its EXIF position is read first and kept in columns).

// A decompression bomb (a small PNG of a huge blank canvas) is refused before it is decoded: no phone
// photo worth keeping needs more than this many pixels.
const MAX_INPUT_PIXELS = 50_000_000;
// Quality steps, then smaller sides, until the JPEG fits PHOTO_MAX_BYTES.
const QUALITIES = [80, 70, 60, 50, 40] as const;
const SIDE_STEPS = [PHOTO_MAX_SIDE, 1200, 800] as const;

// Re-encoding holds a few decoded images at once at most; libvips' cache would keep them longer.
sharp.cache(false);

export interface PhotoInput {
  kind: PhotoKind;
  /** base64 */
  data: string;
}

export interface PreparedPhoto {
  kind: PhotoKind;
  content: Buffer;
  /** sha256 (hex) of `content`. */
  sha256: string;
  width: number;
  height: number;
  exifLat: number | null;
  exifLng: number | null;
}

const refused = (said: "photoInvalid" | "photoTooLarge", index: number) =>
  new AppError(422, "validation_failed", said, {}, `photos.${index}.data`);

/** JPEG, PNG or WebP by their first bytes: nothing else reaches the decoder. */
export function imageFormatOf(bytes: Buffer): "jpeg" | "png" | "webp" | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "webp";
  return undefined;
}

/** The position a photo's EXIF names, when it names a real one; a photo without (or with broken) EXIF has none. */
export async function exifPosition(bytes: Buffer): Promise<{ lat: number; lng: number } | null> {
  try {
    const gps: unknown = await exifr.gps(bytes);
    if (typeof gps !== "object" || gps === null) return null;
    const { latitude, longitude } = gps as { latitude?: unknown; longitude?: unknown };
    if (typeof latitude !== "number" || typeof longitude !== "number") return null;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { lat: latitude, lng: longitude };
  } catch {
    return null;
  }
}

/**
 * The photo as stored: turned upright by its EXIF orientation, fitted inside the longest side, a JPEG
 * without metadata, its quality (then its size) stepped down until it fits PHOTO_MAX_BYTES.
 */
export async function reencodePhoto(
  bytes: Buffer,
  maxBytes = PHOTO_MAX_BYTES,
): Promise<{ content: Buffer; width: number; height: number } | undefined> {
  for (const side of SIDE_STEPS) {
    for (const quality of QUALITIES) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .autoOrient()
        .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      if (data.length <= maxBytes) return { content: data, width: info.width, height: info.height };
    }
  }
  return undefined;
}

/**
 * Decodes, checks and re-encodes the collection's photos in order. Each refusal names its photo
 * (`photos.N.data`): larger than PHOTO_MAX_BYTES is photoTooLarge, anything that is not a readable
 * JPEG, PNG or WebP is photoInvalid.
 */
export async function preparePhotos(photos: readonly PhotoInput[]): Promise<PreparedPhoto[]> {
  // Sizes and formats first, for all of them: a bad fourth photo is refused before any decoding.
  const decoded = photos.map((photo, index) => {
    const bytes = Buffer.from(photo.data, "base64");
    if (bytes.length > PHOTO_MAX_BYTES) throw refused("photoTooLarge", index);
    if (imageFormatOf(bytes) === undefined) throw refused("photoInvalid", index);
    return { kind: photo.kind, bytes };
  });
  const prepared: PreparedPhoto[] = [];
  for (const [index, { kind, bytes }] of decoded.entries()) {
    const position = await exifPosition(bytes);
    let encoded: Awaited<ReturnType<typeof reencodePhoto>>;
    try {
      encoded = await reencodePhoto(bytes);
    } catch {
      // libvips refuses truncated or corrupt data, and images beyond the pixel limit.
      throw refused("photoInvalid", index);
    }
    if (!encoded) throw refused("photoTooLarge", index);
    prepared.push({
      kind,
      content: encoded.content,
      sha256: createHash("sha256").update(encoded.content).digest("hex"),
      width: encoded.width,
      height: encoded.height,
      exifLat: position?.lat ?? null,
      exifLng: position?.lng ?? null,
    });
  }
  return prepared;
}
