import { describe, expect, it } from "vitest";

// Every source file of the app, as text (Vite's glob: the same in Vitest and in the build).
const sources = import.meta.glob<string>(["/src/**/*.{ts,tsx,css}", "!/src/**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Case transforms allowed, as "file: class". None today: a transform reaches user data, names,
 * units and values ("µg/kg" upper-cased reads "ΜG/KG", a thousand times more), so a new one must
 * be argued for here.
 */
const ALLOWED: readonly string[] = [];

const TRANSFORM = /(?<![\w-])(uppercase|lowercase|capitalize|normal-case)(?![\w-])|text-transform\s*:/g;

describe("text case", () => {
  it("source: no CSS case transform (Tailwind uppercase/lowercase/capitalize, text-transform) outside the allowed list", () => {
    const found: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(TRANSFORM)) {
        const entry = `${file}: ${match[1] ?? "text-transform"}`;
        if (!ALLOWED.includes(entry)) found.push(entry);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it("the check: finds a Tailwind uppercase class and a text-transform rule", () => {
    const sample = `<th className="text-xs uppercase">Result (µg/kg)</th> .x { text-transform: uppercase }`;
    expect([...sample.matchAll(TRANSFORM)].map((match) => match[1] ?? "text-transform")).toEqual([
      "uppercase",
      "text-transform",
      "uppercase",
    ]);
    expect([..."value.toUpperCase() font-normal-case-x".matchAll(TRANSFORM)]).toEqual([]);
  });
});
