import { describe, expect, it } from "vitest";

import { pageWindow, pagerItems, totalPagesOf } from "./pagination";

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

/** Pager items as text: numbers and "…". */
const show = (current: number, total: number, size: number) =>
  pagerItems(current, total, size)
    .map((item) => (item.kind === "page" ? String(item.page) : "…"))
    .join(" ");

describe("pagerItems", () => {
  it("no pages: nothing; few pages: all of them, no shortcuts", () => {
    expect(show(1, 0, 5)).toBe("");
    expect(show(1, 1, 5)).toBe("1");
    expect(show(3, 5, 5)).toBe("1 2 3 4 5");
    expect(show(2, 3, 3)).toBe("1 2 3");
  });

  it("window of 5 with the last page and an ellipsis at the start", () => {
    expect(show(1, 12, 5)).toBe("1 2 3 4 5 … 12");
    expect(show(3, 12, 5)).toBe("1 2 3 4 5 … 12");
  });

  it("window of 5 in the middle: first and last page, ellipsis on both sides", () => {
    expect(show(6, 12, 5)).toBe("1 … 4 5 6 7 8 … 12");
  });

  it("window of 5 at the end: first page and an ellipsis", () => {
    expect(show(12, 12, 5)).toBe("1 … 8 9 10 11 12");
  });

  it("no ellipsis when the shortcut is next to the window", () => {
    expect(show(4, 12, 5)).toBe("1 2 3 4 5 6 … 12");
    expect(show(4, 7, 5)).toBe("1 2 3 4 5 6 7");
    expect(show(9, 12, 5)).toBe("1 … 7 8 9 10 11 12");
  });

  it("window of 3 (phones)", () => {
    expect(show(1, 12, 3)).toBe("1 2 3 … 12");
    expect(show(6, 12, 3)).toBe("1 … 5 6 7 … 12");
    expect(show(12, 12, 3)).toBe("1 … 10 11 12");
  });
});
