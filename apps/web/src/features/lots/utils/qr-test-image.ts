// Test helper: a real QR code drawn as RGBA pixels, as a camera frame or a photo would hold it.
import QRCode from "qrcode";

import type { Pixels } from "./decode-lot-qr";

export function qrPixels(
  text: string,
  {
    scale = 6,
    margin = 4,
    background = 255,
    invert = false,
  }: { scale?: number; margin?: number; background?: number; invert?: boolean } = {},
): Pixels {
  // Error correction M, as the API draws the lot card.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  // The card's quiet zone is one module wide.
  const quiet = 1;
  const side = (modules.size + quiet * 2) * scale + margin * 2;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor((y - margin) / scale) - quiet;
      const column = Math.floor((x - margin) / scale) - quiet;
      const inCard = y >= margin && x >= margin && y < side - margin && x < side - margin;
      const dark =
        row >= 0 &&
        column >= 0 &&
        row < modules.size &&
        column < modules.size &&
        modules.get(row, column) === 1;
      const shade = !inCard ? background : dark !== invert ? 0 : 255;
      const at = (y * side + x) * 4;
      data[at] = shade;
      data[at + 1] = shade;
      data[at + 2] = shade;
      data[at + 3] = 255;
    }
  }
  return { data, width: side, height: side };
}
