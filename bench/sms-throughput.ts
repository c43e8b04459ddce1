// SMS throughput through the real SMPP channel (apps/api/src/messaging/sms/smpp-channel.ts) to a real
// SMPP server on port 0 (the test SMSC, apps/api/src/test/fake-smsc.ts, in this process, answering each
// submit_sm after `--latency` ms), at `--rate` submit_sm a second with `--window` awaiting an answer.
// `count` messages, every message to its own number so that the SMSC's record tells which message each
// submit_sm was:
// - channel: single-part English messages fed straight to the channel as a sender would (at most
//   2 × window pending), the SMSC sending a delivery receipt for every part. Reports submit_sm per
//   message (none lost or duplicated), ids returned, receipts reported back, the achieved rate, the most
//   submit_sm in any second (as the channel sent them, and as the SMSC read them), the most awaiting an
//   answer, and RSS sampled every 250 ms (peak; second quarter against the last: flat).
// Run: pnpm --filter @lab/bench sms-throughput [--count 10000] [--rate 100] [--window 10] [--latency 20]
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";

import { pino } from "pino";

import type { SmsChannel } from "../apps/api/src/messaging/channels";
import { createSmppChannel } from "../apps/api/src/messaging/sms/smpp-channel";
import { renderSms } from "../apps/api/src/messaging/sms/sms-templates";
import { startFakeSmsc, type FakeSmsc } from "../apps/api/src/test/fake-smsc";

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const count = Number(argValue("count", "10000"));
const rate = Number(argValue("rate", "100"));
const window = Number(argValue("window", "10"));
const latencyMs = Number(argValue("latency", "20"));
const phase = argValue("phase", "both");
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
const logger = pino({ level: "warn" });

/** Each message its own number, so the SMSC's record tells which message every submit_sm was. */
const numberOf = (index: number) => `+9170${String(index).padStart(8, "0")}`;

/** The channel to the SMSC, noting when each submit_sm leaves (by its own clock) in `sent`. */
function channelTo(fake: FakeSmsc, sent: number[]): SmsChannel {
  return createSmppChannel({
    url: fake.url,
    dltEntityId: "1101234567890123456",
    sender: "AQUATL",
    ratePerSecond: rate,
    window,
    logger,
    onSubmitSent: (at) => sent.push(at),
  });
}

/** Resolves once the channel has bound (its first submit taken), with that submit forgotten. */
async function bound(channel: SmsChannel, fake: FakeSmsc, sent: number[]): Promise<void> {
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
  // A second's quota of its own, as after a quiet while.
  await sleep(1100);
  fake.submits.splice(0);
  sent.splice(0);
}

/** The most of `times` (ascending) within any `periodMs`. */
function busiestWithin(times: number[], periodMs: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i += 1) {
    while ((times[j] ?? Infinity) < (times[i] ?? 0) + periodMs) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

/**
 * submit_sm per number, and the busiest second twice: as the channel sent them (the bound), and as
 * the SMSC read them. The SMSC runs in this process and reads late when the event loop is held up
 * (on a loaded machine for tens of ms), then several at once: arrivals bunch up.
 */
function smscFigures(fake: FakeSmsc, sent: number[]) {
  const perNumber = new Map<string, number>();
  for (const submit of fake.submits)
    perNumber.set(submit.destinationAddr, (perNumber.get(submit.destinationAddr) ?? 0) + 1);
  return {
    perNumber,
    lost: count - perNumber.size,
    duplicated: [...perNumber.values()].filter((n) => n > 1).length,
    busiestSecondSent: busiestWithin(sent, 1000),
    busiestSecondArrived: busiestWithin(
      fake.submits.map((submit) => submit.at),
      1000,
    ),
  };
}

function rssSampler() {
  const samples: { at: number; rss: number }[] = [];
  const timer = setInterval(
    () => samples.push({ at: performance.now(), rss: process.memoryUsage().rss }),
    250,
  );
  return {
    stop(from: number, to: number) {
      clearInterval(timer);
      const quarter = (q: number) => {
        const inside = samples
          .filter((s) => s.at >= from + ((q - 1) / 4) * (to - from) && s.at < from + (q / 4) * (to - from))
          .map((s) => s.rss);
        return inside.length ? inside.reduce((a, b) => a + b, 0) / inside.length : NaN;
      };
      return {
        rssPeakMb: mb(Math.max(...samples.map((s) => s.rss))),
        rssSecondQuarterMb: mb(quarter(2)),
        rssLastQuarterMb: mb(quarter(4)),
      };
    },
  };
}

async function channelPhase(): Promise<boolean> {
  const fake = await startFakeSmsc({ responseDelayMs: latencyMs });
  const sent: number[] = [];
  const channel = channelTo(fake, sent);
  const reported = new Map<string, number>();
  channel.onReport((report) => {
    reported.set(report.providerId, (reported.get(report.providerId) ?? 0) + 1);
  });
  await bound(channel, fake, sent);
  const receipts: Promise<number>[] = [];
  const ids = new Map<number, string[]>();
  const failures: string[] = [];
  const sampler = rssSampler();
  const started = performance.now();
  let next = 1;
  const feed = async () => {
    while (next <= count) {
      const index = next;
      next += 1;
      try {
        const { providerIds } = await channel.submit({
          messageId: index,
          to: numberOf(index),
          ...renderSms("sampleCollected", "en", { sample: `#${index}` }),
        });
        ids.set(index, providerIds);
        for (const id of providerIds) receipts.push(fake.sendReceipt(id, "DELIVRD"));
      } catch (error) {
        failures.push(`${index}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 2 * window }, () => feed()));
  const ended = performance.now();
  const receiptStatuses = await Promise.all(receipts);
  const reportCount = () => [...reported.values()].reduce((a, b) => a + b, 0);
  for (const until = Date.now() + 10_000; reportCount() < receipts.length && Date.now() < until;)
    await sleep(50);
  const memory = sampler.stop(started, ended);
  const smsc = smscFigures(fake, sent);
  const elapsed = (ended - started) / 1000;
  const returnedIds = new Set([...ids.values()].flat());
  const figures = {
    phase: "channel",
    messages: count,
    rate,
    window,
    latencyMs,
    submitSmReceived: fake.submits.length,
    lost: smsc.lost,
    duplicated: smsc.duplicated,
    idsReturned: returnedIds.size,
    submitFailures: failures.length,
    receiptsAnswered: receiptStatuses.filter((status) => status === 0).length,
    reportsReceived: reportCount(),
    elapsedS: Number(elapsed.toFixed(1)),
    achievedPerS: Number((count / elapsed).toFixed(1)),
    busiestSecondSent: smsc.busiestSecondSent,
    busiestSecondArrived: smsc.busiestSecondArrived,
    maxAwaitingAnswer: fake.maxOutstanding,
    ...memory,
  };
  console.log(JSON.stringify(figures));
  console.log(
    `sms-throughput channel: ${count} messages at ${rate}/s window ${window}: ${figures.submitSmReceived} submit_sm, ` +
      `lost ${smsc.lost}, duplicated ${smsc.duplicated}, ${figures.reportsReceived} receipts reported; ` +
      `${figures.achievedPerS}/s achieved (busiest second ${smsc.busiestSecondSent} sent, ${smsc.busiestSecondArrived} arrived), ` +
      `at most ${fake.maxOutstanding} awaiting an answer; RSS peak ${memory.rssPeakMb} MB ` +
      `(2nd quarter ${memory.rssSecondQuarterMb} MB, last ${memory.rssLastQuarterMb} MB)`,
  );
  for (const failure of failures.slice(0, 5)) console.error(failure);
  await channel.close();
  await fake.close();
  return (
    smsc.lost === 0 &&
    smsc.duplicated === 0 &&
    failures.length === 0 &&
    returnedIds.size === count &&
    figures.reportsReceived === count &&
    smsc.busiestSecondSent <= rate &&
    fake.maxOutstanding <= window
  );
}

const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
console.log(`load average before: ${loadBefore.join(" ")}`);
let ok = true;
if (phase === "both" || phase === "channel") ok = (await channelPhase()) && ok;
process.exit(ok ? 0 : 1);
