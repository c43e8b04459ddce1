import { describe, expect, it } from "vitest";

import { missingSeals, receptionCodeOf, unmatchedSeals } from "./scan-code";

describe("receptionCodeOf", () => {
  it("a label code typed loosely reads as the label's code: case, spaces and hyphens ignored, I/L/O as digits", () => {
    expect(receptionCodeOf(" 7k3m-9q2x tv4h ")).toBe("7K3M9Q2XTV4H");
    expect(receptionCodeOf("7K3M9Q2XTVIO")).toBe("7K3M9Q2XTV10");
  });

  it("digits read as a sample id, without leading zeros", () => {
    expect(receptionCodeOf("0042")).toBe("42");
  });

  it("anything else is no code: wrong length, U, a zero id, eleven digits, a web address", () => {
    expect(receptionCodeOf("7K3M9Q2XTV4")).toBeNull();
    expect(receptionCodeOf("7K3M9Q2XTV4U")).toBeNull();
    expect(receptionCodeOf("0")).toBeNull();
    expect(receptionCodeOf("12345678901")).toBeNull();
    expect(receptionCodeOf("https://example.com/7K3M9Q2XTV4H")).toBeNull();
    expect(receptionCodeOf("")).toBeNull();
  });
});

describe("seal comparison", () => {
  it("a read seal not recorded is unmatched; case and spaces do not count", () => {
    expect([...unmatchedSeals(["AB 123", "AB124"], ["ab123", "AB999", ""])]).toEqual([1]);
    expect(missingSeals(["AB 123", "AB124"], ["ab123", "AB999"])).toEqual(["AB124"]);
  });

  it("nothing recorded: nothing is highlighted", () => {
    expect(unmatchedSeals([], ["X1"]).size).toBe(0);
  });
});
