import { describe, expect, it } from "vitest";

import {
  decimalsOf,
  inResultValueRange,
  resultMessages,
  resultValueRange,
  resultValueRangeProblem,
  type Parameter,
} from "./results";

const withUnit = (unit: string | null, name = "Parameter"): Pick<Parameter, "name" | "unit"> => ({
  name,
  unit,
});

describe("resultValueRange: each unit's sane range", () => {
  it.each([
    ["µg/kg", 0, 1_000_000, 6],
    ["μg/kg", 0, 1_000_000, 6],
    ["ug/kg", 0, 1_000_000, 6],
    ["mg/kg", 0, 1_000_000, 6],
    ["cfu/g", 0, 10_000_000_000, 1],
    ["CFU/g", 0, 10_000_000_000, 1],
    ["%", 0, 100, 6],
    ["% of fat", 0, 100, 6],
    ["g/100 g", 0, 100, 6],
    ["g/100g", 0, 100, 6],
    ["ppt", 0, 300, 2],
    ["pH", 0, 14, 2],
    ["°C", -80, 200, 1],
    ["aw", 0, 1, 3],
    ["score 0–10", 0, 10, 2],
    ["furlongs", 0, 1_000_000_000, 6],
    [null, 0, 1_000_000_000, 6],
  ])("%s: %d to %d, %d decimals", (unit, min, max, decimals) => {
    expect(resultValueRange({ unit })).toEqual({ min, max, decimals });
  });
});

describe("decimalsOf", () => {
  it.each([
    [0, 0],
    [12, 0],
    [0.5, 1],
    [7.25, 2],
    [0.0001, 4],
    [1.5e-7, 8],
    [1e21, 0],
    [-3.5, 1],
  ])("%d has %d decimals", (value, decimals) => {
    expect(decimalsOf(value)).toBe(decimals);
  });
});

describe("inResultValueRange", () => {
  const pH = resultValueRange({ unit: "pH" });
  it.each([
    [0, true],
    [14, true],
    [7.25, true],
    [14.01, false],
    [15, false],
    [-0.01, false],
    [7.125, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NEGATIVE_INFINITY, false],
    [Number.NaN, false],
  ])("pH %d: %s", (value, inside) => {
    expect(inResultValueRange(pH, value)).toBe(inside);
  });

  it("counts: up to 10^10 with one decimal at most, nothing negative", () => {
    const counts = resultValueRange({ unit: "cfu/g" });
    expect(inResultValueRange(counts, 10_000_000_000)).toBe(true);
    expect(inResultValueRange(counts, 1.2e5)).toBe(true);
    expect(inResultValueRange(counts, 10_000_000_001)).toBe(false);
    expect(inResultValueRange(counts, -1)).toBe(false);
    expect(inResultValueRange(counts, 12.5)).toBe(true);
    expect(inResultValueRange(counts, 12.55)).toBe(false);
  });
});

describe("resultValueRangeProblem: names the parameter and its range", () => {
  it.each([
    [withUnit("pH", "pH"), 15, "pH: enter a number from 0 to 14 (pH), with at most 2 decimal places"],
    [
      withUnit("cfu/g", "Total plate count (30 °C)"),
      -1,
      "Total plate count (30 °C): enter a number from 0 to 10,000,000,000 (cfu/g), with at most 1 decimal place",
    ],
    [
      withUnit("µg/kg", "Chloramphenicol"),
      1e308,
      "Chloramphenicol: enter a number from 0 to 1,000,000 (µg/kg), with at most 6 decimal places",
    ],
    [
      withUnit("°C", "Core temperature"),
      -81,
      "Core temperature: enter a number from -80 to 200 (°C), with at most 1 decimal place",
    ],
    [
      withUnit(null, "Score"),
      Number.POSITIVE_INFINITY,
      "Score: enter a number from 0 to 1,000,000,000, with at most 6 decimal places",
    ],
  ])("%o = %d", (parameter, value, message) => {
    expect(resultValueRangeProblem(parameter, value)).toBe(message);
  });

  it("accepts the edges of the range", () => {
    expect(resultValueRangeProblem(withUnit("pH"), 14)).toBeNull();
    expect(resultValueRangeProblem(withUnit("pH"), 0)).toBeNull();
    expect(resultValueRangeProblem(withUnit("°C"), -80)).toBeNull();
    expect(resultValueRangeProblem(withUnit("µg/kg"), 1_000_000)).toBeNull();
  });

  it("the English message is the one resultMessages builds", () => {
    expect(resultMessages.resultValueOutOfRange({ parameter: "X", min: "0", max: "1", decimals: 0 })).toBe(
      "X: enter a whole number from 0 to 1",
    );
  });
});
