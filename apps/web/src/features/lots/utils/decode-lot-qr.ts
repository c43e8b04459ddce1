// Reading lot cards' QR codes. Loaded only when the receiving desk opens the camera or a photo, so
// the decoder is not part of the gate page's first load.
import { LOT_CODE_PATTERN, normaliseLotCode } from "@lab/contracts";

import { qrTextInImage, type Pixels } from "@/lib/qr/decode-qr";

export type { Pixels };

/**
 * The lot code a QR code's text names, when it is a lot card's: a web address ending in
 * /lots/{code}. Anything else (another site, a certificate's QR, a bare text) names no lot.
 */
export function lotCodeOfQrText(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const segment = /\/lots\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (segment === undefined) return null;
  let code: string;
  try {
    code = normaliseLotCode(decodeURIComponent(segment));
  } catch {
    return null;
  }
  return LOT_CODE_PATTERN.test(code) ? code : null;
}

/**
 * The lot codes of the lot card QR codes in an image (none when there is no such code). `thorough`
 * also tries the image's negative: slower, worth it for one photo, not for each camera frame.
 */
export function lotCodesInImage(image: Pixels, { thorough = false }: { thorough?: boolean } = {}): string[] {
  const text = qrTextInImage(image, { thorough });
  const code = text === null ? null : lotCodeOfQrText(text);
  return code === null ? [] : [code];
}
