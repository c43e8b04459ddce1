// Place autocomplete speed, in-process: p50/p95/max over a mix of prefix, word, typo, miss and
// Indian-script queries, and the memory the gazetteer holds.
// Run: pnpm --filter @lab/bench places [--smoke] (add NODE_OPTIONS=--expose-gc for the heap it keeps;
//   --smoke: 5 timed rounds instead of 200)
import { createGazetteer } from "@lab/api/places";

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const gazetteer = createGazetteer();
const loadMs = performance.now() - started;
gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
const rssMb = process.memoryUsage().rss / 1048576;

const queries = [
  "bh",
  "bhim",
  "bhimavaram",
  "nellore",
  "bhimavaram andhra",
  "chennai",
  "vishakapatnam",
  "kakinda",
  "mum",
  "port bl",
  "punch",
  "west godavari",
  "tamil nadu",
  "xyzxyzxyz",
  "sri",
  "kolkatta",
  "ongole",
  "machilipatnam",
  "gujarat",
  "veraval",
  "ratnagiri",
  "kochi",
  "tuticorin",
  "balasore",
  "digha",
  "godavari",
  "mogalturu",
  "vilasavilli",
  "భీమవరం",
  "भीमावरम",
  "పశ్చిమ గోదావరి",
  "நாகப்பட்டினம்",
];
for (let i = 0; i < 5; i += 1) for (const q of queries) gazetteer.search(q);
const times: number[] = [];
const rounds = process.argv.includes("--smoke") ? 5 : 200;
for (let round = 0; round < rounds; round += 1) {
  for (const q of queries) {
    const start = performance.now();
    gazetteer.search(q);
    times.push(performance.now() - start);
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(3);
console.log(`gazetteer: ${gazetteer.size} places, built in ${loadMs.toFixed(0)} ms`);
console.log(
  `memory: process RSS ${rssMb.toFixed(0)} MB` +
    (gc ? `, gazetteer heap ${heapMb.toFixed(0)} MB` : " (run with --expose-gc for the heap)"),
);
console.log(
  `${times.length} searches: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (bar: p95 < 5 ms)`,
);
