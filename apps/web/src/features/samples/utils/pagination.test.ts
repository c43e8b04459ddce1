import { describe, expect, it } from "vitest";

import { pageWindow, totalPagesOf } from "./pagination";

describe("pageWindow", () => {
  it("fewer pages than 5: all of them", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  it("many pages: at most 5 buttons, centred on the current page", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    for (let page = 1; page <= 20; page += 1) expect(pageWindow(page, 20).length).toBeLessThanOrEqual(5);
  });

  it("no pages: no buttons", () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("totalPagesOf: at least one page", () => {
    expect(totalPagesOf(0, 10)).toBe(1);
    expect(totalPagesOf(21, 10)).toBe(3);
  });
});
