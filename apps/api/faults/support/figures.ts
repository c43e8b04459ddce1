// Measured figures: each test appends its own; the global teardown prints them as one table.
import { appendFileSync } from "node:fs";

import { inject } from "vitest";

export interface Figure {
  fault: string;
  measure: string;
  value: string;
  bound: string;
}

export function record(fault: string, measure: string, value: string | number, bound = "") {
  const figure: Figure = { fault, measure, value: String(value), bound };
  appendFileSync(inject("faultsFigures"), `${JSON.stringify(figure)}\n`);
}
