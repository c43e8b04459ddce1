import { describe, expect, it } from "vitest";

import { LOCATION_LIMIT_DESKTOP, LOCATION_LIMIT_PHONE, truncateText } from "./truncate";

describe("truncateText", () => {
  it("location limits: 60 on desktop, 30 on phones", () => {
    expect(LOCATION_LIMIT_DESKTOP).toBe(60);
    expect(LOCATION_LIMIT_PHONE).toBe(30);
  });

  it("text up to the limit is kept whole", () => {
    const text = "x".repeat(60);
    expect(truncateText(text, 60)).toEqual({ text, truncated: false });
  });

  it("longer text: the first `limit` characters and an ellipsis", () => {
    expect(truncateText(`${"a".repeat(30)}bcdef`, 30)).toEqual({
      text: `${"a".repeat(30)}...`,
      truncated: true,
    });
  });
});
