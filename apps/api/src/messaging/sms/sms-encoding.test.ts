import { describe, expect, it } from "vitest";

import { decodeShortMessage, encodeSms } from "./sms-encoding";

const reassemble = (parts: Buffer[], coding: 0 | 8) =>
  parts.map((part) => decodeShortMessage(part, coding, parts.length > 1)).join("");

describe("SMS encoding", () => {
  it("encodeSms: plain English up to 160 characters is one GSM-7 message without a header", () => {
    const text = "A".repeat(160);
    const encoded = encodeSms(text, 7);
    expect(encoded).toMatchObject({ coding: "gsm7", units: 160 });
    expect(encoded.parts).toHaveLength(1);
    expect(encoded.parts[0]?.equals(Buffer.from(text, "ascii"))).toBe(true);
  });

  it("encodeSms: 161 GSM-7 characters are two parts of 153 + 8 under one 6-byte header reference", () => {
    const encoded = encodeSms("B".repeat(161), 300);
    expect(encoded.parts.map((part) => part.length - 6)).toEqual([153, 8]);
    expect(encoded.parts.map((part) => [...part.subarray(0, 6)])).toEqual([
      [0x05, 0x00, 0x03, 300 & 0xff, 2, 1],
      [0x05, 0x00, 0x03, 300 & 0xff, 2, 2],
    ]);
  });

  it("encodeSms: an extension character (two septets) is never cut between parts", () => {
    // 152 plain characters, then '€' (escape + septet) would straddle the 153-septet boundary.
    const text = `${"c".repeat(152)}€${"d".repeat(20)}`;
    const encoded = encodeSms(text, 1);
    expect(encoded.units).toBe(174);
    expect(encoded.parts[0]?.length).toBe(6 + 152);
    expect(reassemble(encoded.parts, 0)).toBe(text);
  });

  it("encodeSms: Telugu is UCS-2; 70 code units are one message, 71 are parts of 67", () => {
    const seventy = "తె".repeat(35);
    expect(encodeSms(seventy, 1)).toMatchObject({ coding: "ucs2", units: 70 });
    expect(encodeSms(seventy, 1).parts).toHaveLength(1);
    const longer = `${seventy}ల`;
    const encoded = encodeSms(longer, 9);
    expect(encoded.parts.map((part) => (part.length - 6) / 2)).toEqual([67, 4]);
    expect(reassemble(encoded.parts, 8)).toBe(longer);
  });

  it("encodeSms: a character outside the BMP (a surrogate pair) is never cut between UCS-2 parts", () => {
    const text = `${"అ".repeat(66)}🦐${"ఆ".repeat(10)}`;
    const encoded = encodeSms(text, 1);
    expect((encoded.parts[0]?.length ?? 0) - 6).toBe(66 * 2);
    expect(reassemble(encoded.parts, 8)).toBe(text);
  });
});
