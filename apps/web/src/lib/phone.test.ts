import { describe, expect, it } from "vitest";

import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("groups an Indian mobile number 5 + 5 after the country code", () => {
    expect(formatPhone("+919440012345")).toBe("+91 94400 12345");
  });
  it("leaves other numbers as stored", () => {
    expect(formatPhone("+14155550123")).toBe("+14155550123");
    expect(formatPhone("")).toBe("");
  });
});
