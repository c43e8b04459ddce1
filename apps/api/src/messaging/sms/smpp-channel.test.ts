import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { startFakeSmsc, type FakeSmsc } from "../../test/fake-smsc";
import { ChannelError, type DeliveryReport, type OutgoingSms, type SmsChannel } from "../channels";
import { smpp } from "./dlt-tlvs";
import { createSmppChannel, type SmppChannelOptions } from "./smpp-channel";
import { renderSms } from "./sms-templates";

const ENTITY = "1101234567890123456";
const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smsc(options: Parameters<typeof startFakeSmsc>[0] = {}): Promise<FakeSmsc> {
  const fake = await startFakeSmsc(options);
  cleanups.push(() => fake.close());
  return fake;
}

function channel(fake: FakeSmsc, options: Partial<SmppChannelOptions> = {}): SmsChannel {
  const made = createSmppChannel({
    url: fake.url,
    dltEntityId: ENTITY,
    sender: "AQUATL",
    ratePerSecond: 1000,
    window: 10,
    logger,
    reconnect: { initialMs: 50, maxMs: 200 },
    throttleBackoffMs: 30,
    ...options,
  });
  cleanups.push(() => made.close());
  return made;
}

/** Submits until the channel has bound (it rejects non-permanently before). */
async function submitWhenBound(sms: SmsChannel, message: OutgoingSms, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await sms.submit(message);
    } catch (error) {
      if (!(error instanceof ChannelError) || error.permanent || Date.now() > until) throw error;
      await sleep(20);
    }
  }
}

const english = (messageId: number, to = "+919440012345"): OutgoingSms => ({
  messageId,
  to,
  ...renderSms("sampleCollected", "en", { sample: `#${messageId}` }),
});

async function rejection(promise: Promise<unknown>): Promise<ChannelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChannelError) return error;
    throw error;
  }
  throw new Error("expected a ChannelError");
}

describe("SMPP channel against a real SMPP server", () => {
  it("bind: a wrong password is refused with ESME_RBINDFAIL, tried again with backoff, and submit rejects for a retry", async () => {
    const fake = await smsc();
    const sms = channel(fake, { url: fake.url.replace(":s3cret@", ":wrong@") });
    await waitFor("three bind attempts", () => fake.binds.length >= 3);
    expect(fake.binds.every((bind) => !bind.accepted && bind.password === "wrong")).toBe(true);
    const error = await rejection(sms.submit(english(1)));
    expect(error.permanent).toBe(false);
    expect(fake.submits).toHaveLength(0);
  });

  it("submit: an English text is one GSM-7 submit_sm from the DLT header, with the DLT TLVs and a receipt asked for", async () => {
    const fake = await smsc();
    const sms = channel(fake, { telemarketerId: "1702345678901234567" });
    const message = english(41);
    const { providerIds } = await submitWhenBound(sms, message);
    expect(fake.binds).toEqual([{ systemId: "labtest", password: "s3cret", accepted: true }]);
    expect(fake.submits).toHaveLength(1);
    const [pdu] = fake.submits;
    expect(providerIds).toEqual([pdu?.messageId]);
    expect(pdu).toMatchObject({
      sourceAddr: "AQUATL",
      sourceAddrTon: 5,
      sourceAddrNpi: 0,
      destinationAddr: "919440012345",
      destAddrTon: 1,
      destAddrNpi: 1,
      registeredDelivery: 1,
      dataCoding: 0,
      esmClass: 0,
      udh: undefined,
      text: message.text,
      tlvs: { peId: ENTITY, templateId: message.dltTemplateId, telemarketerId: "1702345678901234567" },
    });
  });

  it("submit: a Telugu text past 67 characters goes as UCS-2 parts, one submit_sm and id each, that reassemble", async () => {
    const fake = await smsc();
    const sms = channel(fake);
    const rendered = renderSms("reportReleased", "te", {
      sample: "#10482",
      link: "https://portal.aquatest.example/verify/AQL-2026-000123",
    });
    expect(rendered.text.length).toBeGreaterThan(67);
    const { providerIds } = await submitWhenBound(sms, { messageId: 7, to: "+919440012345", ...rendered });
    const parts = fake.submits;
    expect(parts.length).toBeGreaterThan(1);
    expect(providerIds).toEqual(parts.map((part) => part.messageId));
    expect(new Set(providerIds).size).toBe(parts.length);
    const reference = parts[0]?.udh?.reference;
    parts.forEach((part, index) => {
      expect(part).toMatchObject({ dataCoding: 8, esmClass: 0x40, sourceAddr: "AQUATL" });
      expect(part.udh).toEqual({ length: 6, reference, total: parts.length, seq: index + 1 });
      expect(part.units).toBeLessThanOrEqual(67);
      expect(part.tlvs).toMatchObject({ peId: ENTITY, templateId: rendered.dltTemplateId });
    });
    expect(parts.map((part) => part.text).join("")).toBe(rendered.text);

    // The next long message has its own reference.
    await sms.submit({ messageId: 8, to: "+919440012345", ...rendered });
    expect(fake.submits.at(-1)?.udh?.reference).not.toBe(reference);
  });

  it("receipts: deliver_sm receipts (text or TLVs) report each part by its id, answered after the listener", async () => {
    const fake = await smsc();
    const sms = channel(fake);
    const reports: DeliveryReport[] = [];
    sms.onReport((report) => {
      reports.push(report);
    });
    const long = renderSms("screeningFailed", "ml", {
      sample: "#3",
      link: "https://portal.aquatest.example/verify/AQL-2026-000124",
    });
    const first = await submitWhenBound(sms, { messageId: 1, to: "+919440012345", ...long });
    const second = await sms.submit(english(2));
    const [a, b] = first.providerIds;
    const [c] = second.providerIds;
    if (!a || !b || !c) throw new Error("expected two parts and one message");
    expect(await fake.sendReceipt(b, "DELIVRD")).toBe(smpp.ESME_ROK);
    expect(await fake.sendReceipt(c, "UNDELIV", { err: "034" })).toBe(smpp.ESME_ROK);
    expect(await fake.sendReceipt(a, "DELIVRD", { tlvs: true })).toBe(smpp.ESME_ROK);
    // An intermediate state is acknowledged and reported to no one.
    expect(await fake.sendReceipt(a, "ACCEPTD")).toBe(smpp.ESME_ROK);
    expect(reports.map(({ providerId, status, reason }) => ({ providerId, status, reason }))).toEqual([
      { providerId: b, status: "delivered", reason: undefined },
      { providerId: c, status: "failed", reason: "UNDELIV err:034" },
      { providerId: a, status: "delivered", reason: undefined },
    ]);
    expect(reports.every((report) => report.at instanceof Date)).toBe(true);
  });

  it("receipts: a listener that fails leaves the receipt with the SMSC (ESME_RX_T_APPN) to be delivered again", async () => {
    const fake = await smsc();
    const sms = channel(fake);
    let failing = true;
    const seen: string[] = [];
    sms.onReport(async (report) => {
      await sleep(5);
      if (failing) throw new Error("database away");
      seen.push(report.providerId);
    });
    const [id] = (await submitWhenBound(sms, english(5))).providerIds;
    if (!id) throw new Error("no id");
    expect(await fake.sendReceipt(id)).toBe(smpp.ESME_RX_T_APPN);
    failing = false;
    expect(await fake.sendReceipt(id)).toBe(smpp.ESME_ROK);
    expect(seen).toEqual([id]);
  });

  it("throttle: no more than `window` submit_sm await a response at once", async () => {
    const fake = await smsc({ responseDelayMs: 60 });
    const sms = channel(fake, { window: 4, ratePerSecond: 1000 });
    await submitWhenBound(sms, english(0));
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => sms.submit(english(i + 1))));
    expect(results.flatMap((r) => r.providerIds)).toHaveLength(24);
    expect(fake.maxOutstanding).toBe(4);
  });

  it("throttle: at most `ratePerSecond` submit_sm in any second, paced through the second, and the rate is reached", async () => {
    const fake = await smsc();
    const rate = 40;
    const sent: number[] = [];
    const sms = channel(fake, { window: 10, ratePerSecond: rate, onSubmitSent: (at) => sent.push(at) });
    await submitWhenBound(sms, english(0));
    await sleep(1100);
    sent.splice(0);
    const count = 100;
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: count }, (_, i) => sms.submit(english(i + 1))));
    const elapsed = (performance.now() - started) / 1000;
    expect(new Set(results.flatMap((r) => r.providerIds)).size).toBe(count);
    const busiest = (times: number[], periodMs: number) =>
      Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + periodMs).length));
    // As the channel sent them: the second's limit, and a tenth of a second's (twice the rate at most).
    expect(sent).toHaveLength(count);
    expect(busiest(sent, 1000)).toBeLessThanOrEqual(rate);
    expect(busiest(sent, 100)).toBeLessThanOrEqual((2 * rate) / 10);
    // As the SMSC received them: spread over the seconds the limit needs (the 81st goes 2 s after the
    // 1st at the earliest). Arrivals bunch up when this busy process reads late, so only loosely bound.
    const arrivals = fake.submits.slice(1).map((submit) => submit.at);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(1800);
    expect(busiest(arrivals, 1000)).toBeLessThanOrEqual(rate * 1.25);
    const achieved = count / elapsed;
    expect(achieved).toBeLessThanOrEqual(rate * 1.05 + rate / elapsed);
    expect(achieved).toBeGreaterThan(rate * 0.75);
  });

  it("errors: throttling is waited out and offered again; a bad number fails for good; a system error is retried later", async () => {
    const fake = await smsc();
    const sms = channel(fake);
    await submitWhenBound(sms, english(0));
    fake.refuseNext(2, smpp.ESME_RTHROTTLED);
    const throttled = await sms.submit(english(1));
    expect(fake.submits.slice(-3).map((s) => s.status)).toEqual([
      smpp.ESME_RTHROTTLED,
      smpp.ESME_RTHROTTLED,
      0,
    ]);
    expect(throttled.providerIds).toEqual([fake.submits.at(-1)?.messageId]);

    fake.refuseNext(1, smpp.ESME_RINVDSTADR);
    const bad = await rejection(sms.submit(english(2)));
    expect(bad).toMatchObject({ permanent: true, reason: expect.stringContaining("ESME_RINVDSTADR") });

    fake.refuseNext(1, smpp.ESME_RSYSERR);
    expect(await rejection(sms.submit(english(3)))).toMatchObject({ permanent: false });

    fake.refuseNext(10, smpp.ESME_RMSGQFUL);
    const full = await rejection(sms.submit(english(4)));
    expect(full).toMatchObject({ permanent: false, reason: expect.stringContaining("ESME_RMSGQFUL") });
    expect(full.retryAfterMs).toBeGreaterThan(0);

    expect(await rejection(sms.submit({ ...english(5), to: "9440012345" }))).toMatchObject({
      permanent: true,
    });
  });

  it("outage: with the SMSC gone, submit rejects for a retry; when it is back on its port the channel binds again", async () => {
    const fake = await smsc();
    const sms = channel(fake);
    await submitWhenBound(sms, english(1));
    // Killed mid-run: five submits are awaiting their answers.
    fake.responseDelayMs = 500;
    const inFlight = Array.from({ length: 5 }, (_, i) => rejection(sms.submit(english(10 + i))));
    await waitFor("the five submits to arrive", () => fake.submits.length === 6);
    await fake.stop();
    fake.responseDelayMs = 0;
    for (const error of await Promise.all(inFlight)) expect(error.permanent).toBe(false);
    const down = await rejection(sms.submit(english(2)));
    expect(down.permanent).toBe(false);
    await sleep(300); // a few failed reconnects
    expect(fake.submits).toHaveLength(6);

    await fake.start();
    const after = await submitWhenBound(sms, english(3));
    expect(after.providerIds).toHaveLength(1);
    expect(fake.binds.filter((bind) => bind.accepted)).toHaveLength(2);
    expect(fake.submits.at(-1)?.text).toBe(english(3).text);
    expect(fake.submits).toHaveLength(7);
  });

  it("keep-alive: enquire_link while bound; an SMSC that stops answering it is dropped and bound again", async () => {
    const fake = await smsc();
    const sms = channel(fake, { enquireLinkMs: 50, responseTimeoutMs: 200 });
    await submitWhenBound(sms, english(1));
    await waitFor("a few enquire_link", () => fake.enquireLinks >= 3);
    expect(fake.binds).toHaveLength(1);
    fake.answerEnquireLink = false;
    await waitFor("a second bind", () => fake.binds.length === 2, 3000);
    fake.answerEnquireLink = true;
    expect((await submitWhenBound(sms, english(2))).providerIds).toHaveLength(1);
  });

  it("close: unbinds, and submit afterwards rejects", async () => {
    const fake = await smsc();
    const sms = channel(fake);
    await submitWhenBound(sms, english(1));
    await sms.close();
    await waitFor("the session to close", () => fake.boundSessions === 0);
    expect(await rejection(sms.submit(english(2)))).toMatchObject({ permanent: false });
  });
});
