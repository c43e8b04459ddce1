import { describe, expect, it } from "vitest";

import { pdfPages } from "../test/pdf-text";
import { createDocument, documentBytes } from "./document";
import { drawTable, drawText, wrap } from "./layout";

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

describe("drawTable: page breaks", () => {
  const table = (y: number, rows: number) => ({
    x: 40,
    y,
    top: 40,
    bottom: 800,
    header: { fill: "#0f766e", color: "#ffffff" },
    caption: { text: "Results", style: { size: 11, weight: "bold" as const } },
    columns: [
      { header: "Parameter", width: 200 },
      { header: "Result", width: 100 },
    ],
    rows: Array.from({ length: rows }, (_, index) => [`Line ${index + 1}`, "Not detected"]),
  });

  it("a caption and header with no room for the first row below them move to the next page with it", async () => {
    const doc = createDocument({ title: "t", author: "a" });
    drawText(doc, "Above the table", 40, 40, { size: 9 }, 300);
    // 30 pt left: room for the caption and header, not for a row too.
    await drawTable(doc, table(770, 3));
    const pages = await pdfPages(await documentBytes(doc));
    expect(pages).toHaveLength(2);
    expect(pages[0]).not.toContain("Results");
    expect(pages[0]).not.toContain("Parameter");
    expect(pages[1]).toMatch(/^Results\nParameter Result\nLine 1 Not detected/);
  });

  it("a table that runs over a page repeats its header (not its caption) on the next page", async () => {
    const doc = createDocument({ title: "t", author: "a" });
    await drawTable(doc, table(600, 20));
    const pages = await pdfPages(await documentBytes(doc));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatch(/^Results\nParameter Result\nLine 1/);
    expect(pages[1]).toMatch(/^Parameter Result\nLine \d+ Not detected/);
    expect(pages[1]).not.toContain("Results");
  });
});
