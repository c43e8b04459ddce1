import { describe, expect, it } from "vitest";

import { createIdempotencyKeys } from "./idempotency-key";

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe("createIdempotencyKeys", () => {
  it("keeps one key while the same values are sent again (a retry after a failure)", () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.keyFor({ name: "Srinu", phone: "98480" })).toBe("key-1");
    expect(keys.keyFor({ name: "Srinu", phone: "98480" })).toBe("key-1");
  });

  it("makes a new key when the values change, and again when they change back", () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.keyFor({ name: "Srinu" })).toBe("key-1");
    expect(keys.keyFor({ name: "Ganga" })).toBe("key-2");
    expect(keys.keyFor({ name: "Srinu" })).toBe("key-3");
  });

  it("makes a new key after a success, even for the same values", () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.keyFor({ name: "Srinu" })).toBe("key-1");
    keys.succeeded();
    expect(keys.keyFor({ name: "Srinu" })).toBe("key-2");
  });

  it("uses crypto.randomUUID by default", () => {
    const key = createIdempotencyKeys().keyFor({ name: "లక్ష్మీ దేవి" });
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
