// SMS throughput through the real SMPP channel (apps/api/src/messaging/sms/smpp-channel.ts) to a real
// SMPP server on port 0 (the test SMSC, apps/api/src/test/fake-smsc.ts, in this process, answering each
// submit_sm after `--latency` ms), at `--rate` submit_sm a second with `--window` awaiting an answer.
// Two phases (`--phase channel|sender|both`, default both), `count` messages each, every message to its
// own number so that the SMSC's record tells which message each submit_sm was:
// - channel: single-part English messages fed straight to the channel as a sender would (at most
//   2 × window pending), the SMSC sending a delivery receipt for every part. Reports submit_sm per
//   message (none lost or duplicated), ids returned, receipts reported back, the achieved rate, the most
//   submit_sm in any second (as the channel sent them, and as the SMSC read them), the most awaiting an
//   answer, and RSS sampled every 250 ms (peak; second quarter against the last: flat).
// - sender: the message sender (apps/api/src/jobs/message-sender.ts) on a fresh Postgres database
//   (sms_bench, dropped at the end) with the channel; rows are queued in transactions of rate/10 every
//   100 ms, each commit followed by the sender's nudge (what the unit of work does after a commit), and
//   each message's time from its commit to its submit_sm's arrival is measured (p50, p95, p99, max).
// Run: pnpm --filter @lab/bench sms-throughput [--count 10000] [--rate 100] [--window 10] [--latency 20]
//        [--phase both] [postgres://server-url]
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";

import { createDatabase, outboxMessages } from "@lab/db";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";

import { createMessageSender } from "../apps/api/src/jobs/message-sender";
import type { SmsChannel, WhatsAppChannel } from "../apps/api/src/messaging/channels";
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
const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const DB_NAME = "sms_bench";
const P95_BAR_MS = 2000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
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

/** No WhatsApp message is queued here; the sender still needs a channel for them. */
const noWhatsApp: WhatsAppChannel = {
  send: () => Promise.reject(new Error("no WhatsApp in this bench")),
  close: () => Promise.resolve(),
};

async function senderPhase(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${DB_NAME}`;
  const database = await createDatabase({ url: dbUrl.toString(), poolSize: 10 });
  try {
    await database.migrate();
    const fake = await startFakeSmsc({ responseDelayMs: latencyMs });
    const sent: number[] = [];
    const channel = channelTo(fake, sent);
    await bound(channel, fake, sent);
    const sender = createMessageSender({ db: database.db, sms: channel, whatsapp: noWhatsApp, logger });
    sender.start();
    const committedAt = new Map<string, number>();
    const sampler = rssSampler();
    const started = performance.now();
    const perTick = Math.max(1, Math.round(rate / 10));
    for (let queued = 0, tick = 0; queued < count; tick += 1) {
      await sleep(Math.max(0, started + tick * 100 - performance.now()));
      const rows = Array.from({ length: Math.min(perTick, count - queued) }, (_, i) => {
        const index = queued + i + 1;
        return {
          channel: "sms" as const,
          recipient: numberOf(index),
          kind: "sampleCollected",
          template: "sampleCollected",
          language: "en",
          variables: { sample: `#${index}` },
        };
      });
      await database.db.transaction(async (tx) => {
        await tx.insert(outboxMessages).values(rows);
      });
      const at = performance.now();
      for (const row of rows) committedAt.set(row.recipient.slice(1), at);
      sender.nudge();
      queued += rows.length;
    }
    const queuedIn = (performance.now() - started) / 1000;
    for (const until = Date.now() + 120_000; fake.submits.length < count && Date.now() < until;)
      await sleep(100);
    const ended = performance.now();
    // A late duplicate (a retried claim) would arrive now.
    await sleep(2000);
    const memory = sampler.stop(started, ended);
    const smsc = smscFigures(fake, sent);
    const latencies = fake.submits
      .map((submit) => submit.at - (committedAt.get(submit.destinationAddr) ?? NaN))
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    const [sentRows] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(eq(outboxMessages.status, "sent"));
    const figures = {
      phase: "sender",
      messages: count,
      rate,
      window,
      latencyMs,
      queuedInS: Number(queuedIn.toFixed(1)),
      submitSmReceived: fake.submits.length,
      lost: smsc.lost,
      duplicated: smsc.duplicated,
      markedSent: sentRows?.n ?? 0,
      achievedPerS: Number((count / ((ended - started) / 1000)).toFixed(1)),
      busiestSecondSent: smsc.busiestSecondSent,
      busiestSecondArrived: smsc.busiestSecondArrived,
      p50Ms: Math.round(percentile(latencies, 50)),
      p95Ms: Math.round(percentile(latencies, 95)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(latencies.at(-1) ?? NaN),
      ...memory,
      load: loadavg().map((n) => Number(n.toFixed(2))),
    };
    console.log(JSON.stringify(figures));
    console.log(
      `sms-throughput sender: ${count} rows queued at ${rate}/s: ${figures.submitSmReceived} submit_sm, lost ${smsc.lost}, ` +
        `duplicated ${smsc.duplicated}, ${figures.markedSent} marked sent; commit → submit_sm p50 ${figures.p50Ms} ms, ` +
        `p95 ${figures.p95Ms} ms (bar ${P95_BAR_MS}), p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms; ` +
        `RSS peak ${memory.rssPeakMb} MB (2nd quarter ${memory.rssSecondQuarterMb} MB, last ${memory.rssLastQuarterMb} MB)`,
    );
    await sender.stop();
    await channel.close();
    await fake.close();
    return (
      smsc.lost === 0 &&
      smsc.duplicated === 0 &&
      figures.markedSent === count &&
      figures.p95Ms <= P95_BAR_MS &&
      smsc.busiestSecondSent <= rate
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
console.log(`load average before: ${loadBefore.join(" ")}`);
let ok = true;
if (phase === "both" || phase === "channel") ok = (await channelPhase()) && ok;
if (phase === "both" || phase === "sender") ok = (await senderPhase()) && ok;
process.exit(ok ? 0 : 1);
