import { describe, expect, it } from "vitest";

import { gateInput, parseLotCodes, withScannedCode } from "./parse-codes";

describe("parseLotCodes", () => {
  it("one per line, or separated by commas, semicolons or spaces; kept once, in order", () => {
    expect(parseLotCodes("7K3M9Q2XAB\nABCDEFGHJK, 0123456789;ZZZZZZZZZZ  7K3M9Q2XAB")).toEqual([
      "7K3M9Q2XAB",
      "ABCDEFGHJK",
      "0123456789",
      "ZZZZZZZZZZ",
    ]);
  });

  it("a code written in groups, as the card prints it, stays one code; dashes too", () => {
    expect(parseLotCodes("7K3M 9Q2X AB\r\n7k3m-9q2x-ab\nABCD EFGH JK")).toEqual(["7K3M9Q2XAB", "ABCDEFGHJK"]);
  });

  it("read as the server reads them: upper case, O as 0, I and L as 1", () => {
    expect(parseLotCodes("abcdefghjk o123456789 ILILILILIL")).toEqual([
      "ABCDEFGHJK",
      "0123456789",
      "1111111111",
    ]);
  });

  it("anything else is sent as it is (the answer says unknown), cut short", () => {
    const codes = parseLotCodes(`hello ${"X".repeat(300)}`);
    expect(codes).toEqual(["HE110", "X".repeat(40)]);
  });

  it("blank input is no code", () => {
    expect(parseLotCodes(" \n , ;\t")).toEqual([]);
  });
});

describe("gateInput", () => {
  it("asks for at least one code and at most 200", () => {
    expect(gateInput("")).toEqual({ kind: "empty" });
    const many = Array.from({ length: 201 }, (_, index) => `C${String(index).padStart(9, "0")}`).join("\n");
    expect(gateInput(many)).toEqual({ kind: "tooMany", count: 201 });
    expect(gateInput("7K3M9Q2XAB")).toEqual({ kind: "ok", codes: ["7K3M9Q2XAB"] });
  });
});

describe("withScannedCode", () => {
  it("a scanned code goes on its own line after what was typed, once however it was typed", () => {
    expect(withScannedCode("", "7K3M9Q2XAB")).toEqual({ text: "7K3M9Q2XAB", result: "added" });
    expect(withScannedCode("abcd efgh jk  \n", "7K3M9Q2XAB")).toEqual({
      text: "abcd efgh jk\n7K3M9Q2XAB",
      result: "added",
    });
    expect(withScannedCode("7k3m 9q2x ab", "7K3M9Q2XAB")).toEqual({
      text: "7k3m 9q2x ab",
      result: "already",
    });
  });

  it("a list that holds as many codes as one check takes stays as it is", () => {
    const full = Array.from({ length: 200 }, (_, index) => `C${String(index).padStart(9, "0")}`).join("\n");
    expect(withScannedCode(full, "7K3M9Q2XAB")).toEqual({ text: full, result: "full" });
  });
});
