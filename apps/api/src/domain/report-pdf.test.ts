import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";

import { certificateQr, verifyUrl } from "./report-pdf";

describe("certificate QR code", () => {
  it("decodes to the public check of the certification number", async () => {
    const url = verifyUrl("https://portal.aquatest.in/", "NSP-CERT-2026-042");
    expect(url).toBe("https://portal.aquatest.in/verify/NSP-CERT-2026-042");
    const png = PNG.sync.read(await certificateQr(url));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(url);
  });
});
