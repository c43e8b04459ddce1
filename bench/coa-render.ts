// Certificate of analysis from certified results, render time in-process (the bar in docs/performance.md: p95
// ≤ 150 ms with the Indic fonts embedded): N renders (default 200) of a released report with a Telugu
// customer and sampler, a Hindi company, analyst and remark, 20 parameters of five panels, judged for
// three markets (a limit and verdict column pair each). Prints p50/p95/max, CPU a render, pages, size.
// Run: pnpm --filter @lab/bench coa-render [N] [--markets EU,US,JP]
import { buildReportPdf } from "@lab/api/report-pdf";

import { coaInput } from "../apps/api/src/test/coa-fixture";

const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);
const marketsArg = process.argv.indexOf("--markets");
const markets = (marketsArg > 0 ? (process.argv[marketsArg + 1] ?? "") : "EU,US,JP").split(",");
const input = coaInput({ markets });

// Warm up: module loading, font parsing and JIT.
for (let i = 0; i < 5; i += 1) await buildReportPdf(input);
const times: number[] = [];
let last: Buffer = Buffer.alloc(0);
// CPU time too: on a shared machine the wall-clock tail mostly measures the other processes.
const cpuStart = process.cpuUsage();
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  last = await buildReportPdf(input);
  times.push(performance.now() - start);
}
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
const pct = (p: number) =>
  (times[Math.min(times.length - 1, Math.max(0, Math.ceil(times.length * p) - 1))] ?? 0).toFixed(1);
const pages = (last.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
console.log(
  `CoA, ${input.report.parameters.length} parameters × ${markets.length} markets, ${runs} renders: ` +
    `p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms; CPU ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms a render; ` +
    `${pages} pages, ${(last.length / 1024).toFixed(1)} KB`,
);
