import { describe, expect, it } from "vitest";

import { lotCodeOfQrText, lotCodesInImage, type Pixels } from "./decode-lot-qr";
import { qrPixels } from "./qr-test-image";

describe("lotCodesInImage", () => {
  it("a lot card's QR code (its public page's address) gives the lot's code", () => {
    const image = qrPixels("https://portal.example.in/lots/7K3M9Q2XAB");
    expect(lotCodesInImage(image)).toEqual(["7K3M9Q2XAB"]);
  });

  it("reads the code however the card was photographed: small on a grey table (the card's narrow quiet zone), or printed in negative", () => {
    const small = qrPixels("https://portal.example.in/lots/ABCDEFGHJK", {
      scale: 3,
      margin: 40,
      background: 170,
    });
    expect(lotCodesInImage(small)).toEqual(["ABCDEFGHJK"]);
    const negative = qrPixels("https://portal.example.in/lots/ABCDEFGHJK", { invert: true });
    expect(lotCodesInImage(negative)).toEqual([]);
    expect(lotCodesInImage(negative, { thorough: true })).toEqual(["ABCDEFGHJK"]);
  });

  it("a QR code that is not a lot card's gives nothing", () => {
    for (const text of [
      "https://example.com/hello",
      "https://portal.example.in/verify/SAQ-2026-000123",
      "https://portal.example.in/lots/NOT-A-CODE",
      "7K3M9Q2XAB",
      "javascript:alert(1)//lots/7K3M9Q2XAB",
    ]) {
      expect(lotCodesInImage(qrPixels(text)), text).toEqual([]);
    }
  });

  it("noise, a blank page or pixels that do not fit their size give nothing", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const noise: Pixels = { width: 200, height: 150, data: new Uint8ClampedArray(200 * 150 * 4) };
    for (let index = 0; index < noise.data.length; index += 1)
      noise.data[index] = index % 4 === 3 ? 255 : Math.floor(random() * 256);
    expect(lotCodesInImage(noise, { thorough: true })).toEqual([]);
    const blank: Pixels = { width: 50, height: 50, data: new Uint8ClampedArray(50 * 50 * 4).fill(255) };
    expect(lotCodesInImage(blank)).toEqual([]);
    const misfit = qrPixels("https://portal.example.in/lots/7K3M9Q2XAB");
    expect(lotCodesInImage({ ...misfit, width: misfit.width + 1 })).toEqual([]);
    expect(lotCodesInImage({ width: 0, height: 0, data: new Uint8ClampedArray(0) })).toEqual([]);
  });
});

describe("lotCodeOfQrText", () => {
  it("takes the last /lots/ segment as the gate reads codes (case, look-alikes, a trailing slash)", () => {
    expect(lotCodeOfQrText("http://localhost:3000/lots/7k3m9q2xab/")).toBe("7K3M9Q2XAB");
    expect(lotCodeOfQrText("https://portal.example.in/lots/7K3M9Q2XAB?from=card")).toBe("7K3M9Q2XAB");
    expect(lotCodeOfQrText("https://portal.example.in/lots/7K3M9Q2XAB/card.pdf")).toBeNull();
    expect(lotCodeOfQrText("https://portal.example.in/lots/%E0%A4")).toBeNull();
    expect(lotCodeOfQrText("not a url")).toBeNull();
  });
});
