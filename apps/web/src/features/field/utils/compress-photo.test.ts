import { describe, expect, it } from "vitest";

import { base64Of } from "./base64";
import { fitWithin, QUALITY_STEPS, SCALE_STEPS, shrinkToLimit } from "./compress-photo";

const blobOf = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });

describe("photo compression", () => {
  it("fitWithin: a 4000×3000 camera picture becomes 1600×1200; a small one is never enlarged", () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it("shrinkToLimit: steps the quality down at full size and stops at the first encoding under the limit", async () => {
    const tried: [number, number][] = [];
    // Size falls with quality: 0.82 → 410 KB, 0.72 → 360 KB … 0.42 → 210 KB, 0.32 → 160 KB.
    const blob = await shrinkToLimit(async (scale, quality) => {
      tried.push([scale, quality]);
      return blobOf(Math.round(quality * 500 * 1024 * scale));
    }, 200 * 1024);
    expect(blob?.size).toBeLessThanOrEqual(200 * 1024);
    expect(tried).toEqual(QUALITY_STEPS.map((quality) => [1, quality]));
  });

  it("shrinkToLimit: when no quality fits at full size it goes smaller; null when nothing ever fits", async () => {
    const tried: number[] = [];
    const smaller = await shrinkToLimit(async (scale) => {
      tried.push(scale);
      return blobOf(scale >= 1 ? 300 * 1024 : 100 * 1024);
    }, 200 * 1024);
    expect(smaller?.size).toBe(100 * 1024);
    expect(tried.filter((scale) => scale === 1)).toHaveLength(QUALITY_STEPS.length);
    expect(tried.at(-1)).toBe(SCALE_STEPS[1]);
    expect(await shrinkToLimit(async () => blobOf(300 * 1024), 200 * 1024)).toBeNull();
  });

  it("base64Of: bytes larger than one slice encode whole and exactly", () => {
    const bytes = new Uint8Array(40_000).map((_, index) => (index * 7) % 256);
    expect(base64Of(bytes.buffer)).toBe(Buffer.from(bytes).toString("base64"));
  });
});
