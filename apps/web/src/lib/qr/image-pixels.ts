// A photo or a video frame as RGBA pixels for the QR decoder, drawn through a canvas no larger than
// needed: a 12-megapixel photo decodes in a fraction of the time at 1,600 px and reads as well.
import type { Pixels } from "./decode-qr";

/** The source drawn with its long side at most `maxSide` pixels (never enlarged); null without a 2D canvas. */
export function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  maxSide: number,
  canvas: HTMLCanvasElement = document.createElement("canvas"),
): Pixels | null {
  if (width < 1 || height < 1) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * A picture file's pixels at each size asked, smallest first; null when the browser cannot read the
 * file as a picture.
 */
export async function photoPixels(file: Blob, sides: readonly number[]): Promise<Pixels[] | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement("canvas");
    const all: Pixels[] = [];
    for (const side of sides) {
      const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height, side, canvas);
      // Each read is a new ImageData: reusing the canvas does not overwrite the one before.
      if (pixels) all.push(pixels);
    }
    return all;
  } finally {
    bitmap.close();
  }
}
