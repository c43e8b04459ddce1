// Reading QR codes from pixels with jsQR. Import it lazily (await import): the decoder is fetched when
// a camera or a photo is first used, not with the page that offers them.
import jsQR from "jsqr";

/** RGBA pixels, four bytes a pixel, row by row: what a canvas's getImageData gives. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * The text of the QR code in an image, or null when none is found. `thorough` also tries the image's
 * negative: slower, worth it for one photo, not for each camera frame.
 */
export function qrTextInImage(
  image: Pixels,
  { thorough = false }: { thorough?: boolean } = {},
): string | null {
  if (image.width < 1 || image.height < 1 || image.data.length !== image.width * image.height * 4)
    return null;
  const found = jsQR(image.data, image.width, image.height, {
    inversionAttempts: thorough ? "attemptBoth" : "dontInvert",
  });
  return found === null ? null : found.data;
}
