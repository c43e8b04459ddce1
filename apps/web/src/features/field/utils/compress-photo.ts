// Photos are made small on the phone, before they wait in the queue: a 12-megapixel camera picture
// becomes a JPEG of at most PHOTO_MAX_BYTES with its long side at most PHOTO_MAX_SIDE.
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from "@lab/contracts";

/** JPEG qualities tried in turn, then the same at smaller sizes, until the picture fits. */
export const QUALITY_STEPS = [0.82, 0.72, 0.62, 0.52, 0.42, 0.32] as const;
export const SCALE_STEPS = [1, 0.75, 0.5, 0.35] as const;

/** A picture's size with its long side at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The first encoding at most `limit` bytes: each quality at full size, then at smaller scales.
 * Null when none fits (the agent is told to take the photo again).
 */
export async function shrinkToLimit(
  encode: (scale: number, quality: number) => Promise<Blob>,
  limit = PHOTO_MAX_BYTES,
): Promise<Blob | null> {
  for (const scale of SCALE_STEPS) {
    for (const quality of QUALITY_STEPS) {
      const blob = await encode(scale, quality);
      if (blob.size <= limit) return blob;
    }
  }
  return null;
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

function jpegOf(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type: "image/jpeg", quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be encoded"))),
      "image/jpeg",
      quality,
    ),
  );
}

/** A camera file as a small JPEG; null when the file is not a picture the browser can read. */
export async function compressPhoto(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const full = fitWithin(bitmap.width, bitmap.height, PHOTO_MAX_SIDE);
    return await shrinkToLimit(async (scale, quality) => {
      const size = fitWithin(full.width * scale, full.height * scale, PHOTO_MAX_SIDE);
      const canvas = canvasOf(size.width, size.height);
      const context = contextOf(canvas);
      if (!context) throw new Error("No 2D canvas");
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      return jpegOf(canvas, quality);
    });
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
