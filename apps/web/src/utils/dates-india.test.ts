import { describe, expect, it } from "vitest";

import { formatDateTime, indiaDateTime, indiaNoonOf } from "./dates";

// Times are India time wherever the device is, in the reader's language.
describe("dates in India time", () => {
  it("indiaDateTime: YYYY-MM-DD HH:mm at UTC+05:30, across midnight", () => {
    expect(indiaDateTime("2025-01-10T06:30:00.000Z")).toBe("2025-01-10 12:00");
    expect(indiaDateTime("2025-01-10T20:00:00.000Z")).toBe("2025-01-11 01:30");
    expect(indiaDateTime("not a date")).toBe("");
  });

  it("formatDateTime: the reader's language, India time, Latin digits", () => {
    const english = formatDateTime("2025-01-10T20:00:00.000Z", "en");
    expect(english).toContain("11 Jan 2025");
    expect(english).toMatch(/1:30/);
    const telugu = formatDateTime("2025-01-10T20:00:00.000Z", "te");
    expect(telugu).toMatch(/11/);
    expect(telugu).toMatch(/జన/);
    expect(formatDateTime("nonsense", "te")).toBe("nonsense");
  });

  it("indiaNoonOf: a chosen day stays that day in India time", () => {
    expect(indiaDateTime(indiaNoonOf("2025-03-01"))).toBe("2025-03-01 12:00");
  });
});
