// Checks the binaries the fault suite needs (required under CI, otherwise a missing one skips the suite
// with a notice) and prints the measured figures as a table at the end of the run.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { TestProject } from "vitest/node";

import { ci } from "./support/env";
import type { Figure } from "./support/figures";
import { postgresBinDir } from "./support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where tests append their measured figures (JSON lines). */
    faultsFigures: string;
    /** Why the suite is skipped ("" when it runs). */
    faultsSkip: string;
    faultsPostgresBin: string;
  }
}

function hasRedis(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function table(figures: Figure[]): string {
  const rows = [
    ["fault", "measure", "value", "bound"],
    ...figures.map((f) => [f.fault, f.measure, f.value, f.bound]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  const [head, ...body] = rows;
  return [line(head ?? []), rule, ...body.map(line)].join("\n");
}

export default function setup(project: TestProject) {
  const binDir = postgresBinDir();
  const missing = [
    ...(binDir ? [] : ["Postgres server binaries (initdb, pg_ctl)"]),
    ...(hasRedis() ? [] : ["redis-server"]),
  ];
  if (missing.length > 0 && ci) throw new Error(`CI=true: the fault suite needs ${missing.join(" and ")}`);
  const skip = missing.length > 0 ? `fault suite skipped: ${missing.join(" and ")} not found` : "";
  if (skip) console.warn(`notice: ${skip}`);
  const dir = mkdtempSync(join(tmpdir(), "lab-faults-figures-"));
  const figures = join(dir, "figures.jsonl");
  project.provide("faultsFigures", figures);
  project.provide("faultsSkip", skip);
  project.provide("faultsPostgresBin", binDir ?? "");
  return () => {
    const lines = existsSync(figures) ? readFileSync(figures, "utf8").split("\n").filter(Boolean) : [];
    if (lines.length > 0) {
      const measured = lines.map((line) => JSON.parse(line) as Figure);
      console.log(`\nFault suite, measured figures:\n${table(measured)}\n`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
