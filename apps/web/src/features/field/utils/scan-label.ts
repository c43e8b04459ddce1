import { labelCodeOf } from "./collection-rules";

/**
 * The label code in a photo of a pre-printed label's QR code, or null. The decoder is fetched when
 * first used: most collections type or skip the label.
 */
export async function scanLabelPhoto(file: Blob): Promise<string | null> {
  const [{ qrTextInImage }, { photoPixels }] = await Promise.all([
    import("@/lib/qr/decode-qr"),
    import("@/lib/qr/image-pixels"),
  ]);
  const images = (await photoPixels(file, [800, 1600])) ?? [];
  for (const image of images) {
    const text = qrTextInImage(image, { thorough: true });
    const code = text === null ? null : labelCodeOf(text);
    if (code) return code;
  }
  return null;
}
