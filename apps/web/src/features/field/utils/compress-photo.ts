// Photos are made small on the phone, before they wait in the queue: a 12-megapixel camera picture
// becomes a WebP (a JPEG where the browser cannot encode WebP) of about PHOTO_TARGET_BYTES, its long
// side PHOTO_TARGET_SIDE or less: a seal number and the pond stay readable, and a queue of them
// crosses a slow mobile line quickly. The server takes up to PHOTO_MAX_BYTES and re-encodes anyway.
import { PHOTO_MAX_BYTES, PHOTO_TARGET_BYTES, PHOTO_TARGET_SIDE, type PhotoType } from "@lab/contracts";

/** What the phone encodes, best first: both are in the server's allow-list (PHOTO_TYPES). */
export const ENCODINGS = ["image/webp", "image/jpeg"] as const satisfies readonly PhotoType[];
/** The lowest quality a photo is first tried at, on each side, until a side fits the target. */
export const QUALITY_FLOOR = 0.4;
/** Better qualities tried, best first, once a side fits at the floor. */
export const QUALITY_STEPS = [0.7, 0.55] as const;
/** Below this long side a photo no longer shows what it must; what fits the hard limit there is kept. */
export const MIN_SIDE = 480;
const SIDE_TRIES = 5;

/** A picture's size with its long side at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The encoding to keep, with few encodings (WebP takes a phone a good part of a second each): at
 * the lowest quality, the long side is cut until the photo fits `target` (bytes grow about with the
 * pixel count, so each try aims at the side that should fit); at that side, the best quality that
 * still fits. When no side down to MIN_SIDE fits the target, the smallest encoding made if it is
 * within `limit`; else null (the agent is told to take the photo again).
 */
export async function shrinkToTarget(
  encode: (side: number, quality: number) => Promise<Blob>,
  longSide: number,
  { target = PHOTO_TARGET_BYTES, limit = PHOTO_MAX_BYTES }: { target?: number; limit?: number } = {},
): Promise<Blob | null> {
  let side = Math.min(longSide, PHOTO_TARGET_SIDE);
  let smallest: Blob | null = null;
  let fits: Blob | null = null;
  for (let tries = 0; tries < SIDE_TRIES; tries += 1) {
    const blob = await encode(side, QUALITY_FLOOR);
    if (blob.size <= target) {
      fits = blob;
      break;
    }
    if (smallest === null || blob.size < smallest.size) smallest = blob;
    if (side <= MIN_SIDE) break;
    // A little under the estimate, so the next try is likely the last.
    const estimate = Math.floor(side * Math.sqrt(target / blob.size) * 0.95);
    side = Math.max(MIN_SIDE, Math.min(estimate, side - 1));
  }
  if (fits === null) return smallest !== null && smallest.size <= limit ? smallest : null;
  for (const quality of QUALITY_STEPS) {
    const better = await encode(side, quality);
    if (better.size <= target) return better;
  }
  return fits;
}

function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

// Each canvas kind asked on its own: getContext on their union has no callable signature.
function contextOf(
  canvas: OffscreenCanvas | HTMLCanvasElement,
): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null {
  return canvas instanceof HTMLCanvasElement ? canvas.getContext("2d") : canvas.getContext("2d");
}

function blobOf(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be encoded"))),
      type,
      quality,
    ),
  );
}

/** Whether this browser encodes WebP, learnt from the first photo (one that cannot gives a PNG). */
let encodesWebp: boolean | undefined;

/** The canvas in the first of ENCODINGS this browser encodes. */
async function encodeCanvas(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  for (const type of ENCODINGS) {
    if (type === "image/webp" && encodesWebp === false) continue;
    // A browser that cannot encode a type may also fail outright rather than give a PNG.
    const blob = await blobOf(canvas, type, quality).catch(() => null);
    if (type === "image/webp") encodesWebp = blob?.type === type;
    if (blob?.type === type) return blob;
  }
  throw new Error("The photo could not be encoded");
}

/** A camera file as a small WebP or JPEG; null when the file is not a picture the browser can read. */
export async function compressPhoto(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    return await shrinkToTarget(
      async (side, quality) => {
        const size = fitWithin(bitmap.width, bitmap.height, side);
        const canvas = canvasOf(size.width, size.height);
        const context = contextOf(canvas);
        if (!context) throw new Error("No 2D canvas");
        // A camera picture shrinks three times or more: the smoother filter keeps small print legible.
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = "high";
        context.drawImage(bitmap, 0, 0, size.width, size.height);
        return encodeCanvas(canvas, quality);
      },
      Math.max(bitmap.width, bitmap.height),
    );
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
