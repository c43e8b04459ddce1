// SMS throughput through the real SMPP channel (apps/api/src/messaging/sms/smpp-channel.ts) to a real
// SMPP server on port 0 (the test SMSC, apps/api/src/test/fake-smsc.ts, answering each submit_sm after
// `--latency` ms and sending a delivery receipt for every part it accepts), in this process.
// `count` single-part English messages, each to its own number, are fed to the channel as the message
// sender does (at most `2 × window` submits pending), at `--rate` submit_sm a second with `--window`.
// Reports: submit_sm the SMSC received per message (none lost or duplicated), ids returned and receipts
// reported back, the achieved rate and the most submit_sm in any second, the most awaiting an answer,
// and the process's RSS sampled every 250 ms (peak, and the second quarter against the last: flat).
// Run: pnpm --filter @lab/bench sms-throughput [--count 10000] [--rate 100] [--window 10] [--latency 20]
import { performance } from "node:perf_hooks";

import { pino } from "pino";

import { renderSms } from "../apps/api/src/messaging/sms/sms-templates";
import { createSmppChannel } from "../apps/api/src/messaging/sms/smpp-channel";
import { startFakeSmsc } from "../apps/api/src/test/fake-smsc";

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const count = Number(argValue("count", "10000"));
const rate = Number(argValue("rate", "100"));
const window = Number(argValue("window", "10"));
const latencyMs = Number(argValue("latency", "20"));
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/** Each message its own number, so the SMSC's record tells which message every submit_sm was. */
const numberOf = (index: number) => `+9170${String(index).padStart(8, "0")}`;

const fake = await startFakeSmsc({ responseDelayMs: latencyMs });
const channel = createSmppChannel({
  url: fake.url,
  dltEntityId: "1101234567890123456",
  sender: "AQUATL",
  ratePerSecond: rate,
  window,
  logger: pino({ level: "warn" }),
});
const reported = new Map<string, number>();
channel.onReport((report) => {
  reported.set(report.providerId, (reported.get(report.providerId) ?? 0) + 1);
});
const receipts: Promise<number>[] = [];

// Bound: the first submit that the channel takes.
for (let tries = 0; ; tries += 1) {
  try {
    await channel.submit({
      messageId: 0,
      to: numberOf(0),
      ...renderSms("code", "en", { code: "000000", minutes: "5" }),
    });
    break;
  } catch (error) {
    if (tries > 100) throw error;
    await sleep(50);
  }
}
await sleep(1100);
fake.submits.splice(0);

const rss: { at: number; rss: number }[] = [];
const sampler = setInterval(() => rss.push({ at: performance.now(), rss: process.memoryUsage().rss }), 250);
const ids = new Map<number, string[]>();
const failures: string[] = [];
const started = performance.now();
let next = 1;
async function feed(): Promise<void> {
  while (next <= count) {
    const index = next;
    next += 1;
    const sms = {
      messageId: index,
      to: numberOf(index),
      ...renderSms("sampleCollected", "en", { sample: `#${index}` }),
    };
    try {
      const { providerIds } = await channel.submit(sms);
      ids.set(index, providerIds);
      for (const id of providerIds) receipts.push(fake.sendReceipt(id, "DELIVRD"));
    } catch (error) {
      failures.push(`${index}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
await Promise.all(Array.from({ length: 2 * window }, () => feed()));
const elapsed = (performance.now() - started) / 1000;
const receiptStatuses = await Promise.all(receipts);
const until = Date.now() + 10_000;
while ([...reported.values()].reduce((a, b) => a + b, 0) < receipts.length && Date.now() < until)
  await sleep(50);
clearInterval(sampler);

const perNumber = new Map<string, number>();
for (const submit of fake.submits)
  perNumber.set(submit.destinationAddr, (perNumber.get(submit.destinationAddr) ?? 0) + 1);
const duplicated = [...perNumber.values()].filter((n) => n > 1).length;
const lost = count - perNumber.size;
const returnedIds = new Set([...ids.values()].flat());
const times = fake.submits.map((submit) => submit.at);
/** The most submit_sm that arrived within any `periodMs`. */
function busiestWithin(periodMs: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i += 1) {
    while ((times[j] ?? Infinity) < (times[i] ?? 0) + periodMs) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}
const busiest = busiestWithin(1000);
// The channel keeps to the rate by its own clock; arrivals bunch up by a few ms when the SMSC's event
// loop reads several PDUs at once, so the bound is checked over 950 ms (50 ms of jitter).
const busiestJitterAllowed = busiestWithin(950);
const span = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
const quarter = (q: number) => {
  const from = started + ((q - 1) / 4) * elapsed * 1000;
  const to = started + (q / 4) * elapsed * 1000;
  const inside = rss.filter((s) => s.at >= from && s.at < to).map((s) => s.rss);
  return inside.length ? inside.reduce((a, b) => a + b, 0) / inside.length : NaN;
};

const figures = {
  messages: count,
  rate,
  window,
  latencyMs,
  submitSmReceived: fake.submits.length,
  lost,
  duplicated,
  idsReturned: returnedIds.size,
  submitFailures: failures.length,
  receiptsAnswered: receiptStatuses.filter((status) => status === 0).length,
  reportsReceived: [...reported.values()].reduce((a, b) => a + b, 0),
  elapsedS: Number(elapsed.toFixed(1)),
  achievedPerS: Number((count / elapsed).toFixed(1)),
  smscRatePerS: Number(((fake.submits.length - 1) / span).toFixed(1)),
  busiestSecond: busiest,
  busiest950Ms: busiestJitterAllowed,
  maxAwaitingAnswer: fake.maxOutstanding,
  rssPeakMb: mb(Math.max(...rss.map((s) => s.rss))),
  rssSecondQuarterMb: mb(quarter(2)),
  rssLastQuarterMb: mb(quarter(4)),
};
console.log(JSON.stringify(figures));
console.log(
  `sms-throughput: ${count} messages at ${rate}/s window ${window}: ${figures.submitSmReceived} submit_sm, lost ${lost}, ` +
    `duplicated ${duplicated}, ${figures.reportsReceived} receipts reported; ${figures.achievedPerS}/s achieved ` +
    `(busiest second ${busiest}), at most ${figures.maxAwaitingAnswer} awaiting an answer; RSS peak ${figures.rssPeakMb} MB ` +
    `(2nd quarter ${figures.rssSecondQuarterMb} MB, last ${figures.rssLastQuarterMb} MB)`,
);
for (const failure of failures.slice(0, 5)) console.error(failure);

await channel.close();
await fake.close();
const ok =
  lost === 0 &&
  duplicated === 0 &&
  failures.length === 0 &&
  returnedIds.size === count &&
  figures.reportsReceived === count &&
  busiestJitterAllowed <= rate &&
  fake.maxOutstanding <= window;
process.exit(ok ? 0 : 1);
