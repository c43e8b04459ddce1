import { PHOTO_MAX_BYTES, PHOTO_TARGET_BYTES, PHOTO_TARGET_SIDE } from "@lab/contracts";
import { describe, expect, it } from "vitest";

import { fitWithin, MIN_SIDE, QUALITY_FLOOR, QUALITY_STEPS, shrinkToTarget } from "./compress-photo";

const blobOf = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: "image/webp" });

/**
 * An encoder whose output grows with the pixel count and the quality, like a real one on a detailed
 * picture: `perPixel` bytes per pixel at quality 1, a 4:3 picture. It records what it was asked.
 */
function encoder(perPixel: number) {
  const calls: [number, number][] = [];
  const encode = async (side: number, quality: number) => {
    calls.push([side, quality]);
    return blobOf(Math.round(side * side * 0.75 * perPixel * (0.3 + quality)));
  };
  return { calls, encode };
}

describe("photo compression", () => {
  it("fitWithin: a 4000×3000 camera picture becomes 1280×960; a small one is never enlarged", () => {
    expect(fitWithin(4000, 3000, PHOTO_TARGET_SIDE)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3000, 4000, PHOTO_TARGET_SIDE)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(800, 600, PHOTO_TARGET_SIDE)).toEqual({ width: 800, height: 600 });
  });

  it("a picture that fits the target at full side: the best quality that still fits, in three encodings", async () => {
    // 1280×960 at the floor: 0.7 × 0.038 × 1,228,800 ≈ 32.7 KB; at 0.55, 39.7 KB; at 0.7, 46.7 KB.
    const { calls, encode } = encoder(0.038);
    const blob = await shrinkToTarget(encode, 4000);
    expect(calls).toEqual([
      [PHOTO_TARGET_SIDE, QUALITY_FLOOR],
      [PHOTO_TARGET_SIDE, QUALITY_STEPS[0]],
      [PHOTO_TARGET_SIDE, QUALITY_STEPS[1]],
    ]);
    // 0.7 is too large, 0.55 fits.
    expect(blob?.size).toBe(Math.round(1280 * 1280 * 0.75 * 0.038 * (0.3 + QUALITY_STEPS[1])));
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
  });

  it("a detailed picture: the side is cut towards the one that should fit, in a few encodings, to under the target", async () => {
    // At 1280 and the floor: 0.7 × 0.12 × 1,228,800 ≈ 103 KB, 2.5 times the target.
    const { calls, encode } = encoder(0.12);
    const blob = await shrinkToTarget(encode, 4000);
    expect(blob).not.toBeNull();
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    const sides = calls.map(([side]) => side);
    expect(sides[0]).toBe(PHOTO_TARGET_SIDE);
    // The second side already fits: about 1280 × √(40/103) × 0.95.
    expect(sides[1]).toBeGreaterThan(700);
    expect(sides[1]).toBeLessThan(800);
    expect(calls.length).toBeLessThanOrEqual(4);
    expect(Math.min(...sides)).toBeGreaterThanOrEqual(MIN_SIDE);
  });

  it("never enlarges: a small picture starts at its own long side", async () => {
    const { calls, encode } = encoder(0.01);
    await shrinkToTarget(encode, 900);
    expect(calls[0]).toEqual([900, QUALITY_FLOOR]);
  });

  it("when nothing down to the smallest side fits the target: the smallest encoding within the server's limit, else none", async () => {
    // Noise: even 480×360 at the floor is 0.7 × 0.5 × 172,800 ≈ 60 KB.
    const noisy = encoder(0.5);
    const kept = await shrinkToTarget(noisy.encode, 4000);
    expect(noisy.calls.at(-1)).toEqual([MIN_SIDE, QUALITY_FLOOR]);
    expect(kept?.size).toBeGreaterThan(PHOTO_TARGET_BYTES);
    expect(kept?.size).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    expect(await shrinkToTarget(async () => blobOf(PHOTO_MAX_BYTES + 1), 4000)).toBeNull();
  });

  it("takes a target and a limit of its own (what the bench's what-if runs set)", async () => {
    const { encode } = encoder(0.045);
    const blob = await shrinkToTarget(encode, 4000, { target: 20_000 });
    expect(blob?.size).toBeLessThanOrEqual(20_000);
  });
});
