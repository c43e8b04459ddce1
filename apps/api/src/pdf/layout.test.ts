import { describe, expect, it } from "vitest";

import { createDocument } from "./document";
import { wrap } from "./layout";

const doc = createDocument({ title: "t", author: "a" });
const style = { size: 9 };
const lineText = (line: readonly { text: string }[]) => line.map((piece) => piece.text).join("");
const lineWidth = (line: readonly { width: number }[]) => line.reduce((sum, piece) => sum + piece.width, 0);

describe("wrap: lines of mixed scripts within a width", () => {
  it("breaks at spaces, and a long name without spaces between graphemes; no line is wider than the box", () => {
    const name = "Averyveryverylongcompanynamewithoutanyspaces";
    const lines = wrap(doc, `Sri ${name} Aqua`, style, 80);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(lineWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.map(lineText).join("")).toBe(`Sri${name}Aqua`);
    expect(lineText(lines[0] ?? [])).toBe("Sri");
  });

  it("a Telugu name stays whole on a line when it fits, and new lines in the text start new lines", () => {
    const lines = wrap(doc, "వెంకట రమణ\nలక్ష్మీ దేవి", style, 200);
    expect(lines.map(lineText)).toEqual(["వెంకట రమణ", "లక్ష్మీ దేవి"]);
  });
});
