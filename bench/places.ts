// Place autocomplete speed, in-process: p50/p95/max over a mix of prefix, word, typo and miss queries.
// Run: pnpm --filter @lab/bench places
import { createGazetteer } from "@lab/api/places";

const started = performance.now();
const gazetteer = createGazetteer();
const loadMs = performance.now() - started;

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
];
for (let i = 0; i < 5; i += 1) for (const q of queries) gazetteer.search(q);
const times: number[] = [];
for (let round = 0; round < 200; round += 1) {
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
  `${times.length} searches: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (bar: p95 < 5 ms)`,
);
