import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { setLanguage } from "./i18n";
import { groupDigits, useResultNames } from "./result-names";

describe("result names", () => {
  it("groupDigits: Indian grouping of a whole number, a lab value's decimals kept as measured", () => {
    const group = (value: number) => new Intl.NumberFormat("en-IN").format(value);
    expect(groupDigits("150000", group)).toBe("1,50,000");
    expect(groupDigits("1200.50", group)).toBe("1,200.50");
    expect(groupDigits("0.2", group)).toBe("0.2");
    expect(groupDigits("< LOQ (0.05)", group)).toBe("< LOQ (0.05)");
  });

  it("English: the API's names and the printed texts as they came", () => {
    const { result } = renderHook(() => useResultNames());
    expect(result.current.parameter("CAP", "Chloramphenicol (lab name)")).toBe("Chloramphenicol (lab name)");
    expect(result.current.display("Not detected")).toBe("Not detected");
    expect(result.current.limitText("≤ Slightly off")).toBe("≤ Slightly off");
    expect(result.current.limitVerdict("LAB", "fail")).toBe("✗ Outside the lab's limit");
    expect(result.current.marketChip("EU", "pass")).toBe("EU ✓ Pass");
  });

  it("Telugu: catalogue names by code, printed results and limits reworded, unknown names kept", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    const { result } = renderHook(() => useResultNames());
    const names = result.current;
    expect(names.parameter("CAP", "Chloramphenicol")).toBe("క్లోరాంఫెనికాల్ (CAP)");
    expect(names.parameter("STAFF_X", "Lab-made")).toBe("Lab-made");
    expect(names.market("EU", "European Union")).toBe("యూరోపియన్ యూనియన్");
    expect(names.market("BUYER-1", "Buyer spec")).toBe("Buyer spec");
    expect(names.marketShort("LAB")).toBe("ప్రయోగశాల");
    expect(names.display("< LOQ (0.05)")).toBe("< LOQ (0.05)");
    expect(names.display("Not detected (< LOD 0.03)")).toBe("కనబడలేదు (< LOD 0.03)");
    expect(names.display("Absent in 25 g")).toBe("25 g లో లేదు");
    expect(names.display("Slightly off")).toBe("కొద్దిగా చెడిన");
    expect(names.display("150000")).toBe("1,50,000");
    expect(names.limitText("See CAP")).toBe("CAP చూడండి");
    expect(names.limitText("≥ Fresh")).toBe("≥ తాజా");
    expect(names.limitText("< 0.15")).toBe("< 0.15");
    expect(names.unit("score 0–10")).toBe("స్కోరు 0–10");
    expect(names.unit("µg/kg")).toBe("µg/kg");
    expect(names.resultLabel("success")).toBe("పరీక్ష ఉత్తీర్ణం");
    expect(names.verdict("no_limit")).toBe("పరిమితి లేదు");
    expect(names.limitVerdict("EU", "fail")).toBe("✗ EU పరిమితి దాటింది");
  });
});
