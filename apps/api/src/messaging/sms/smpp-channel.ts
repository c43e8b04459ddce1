import { performance } from "node:perf_hooks";

import type { Logger } from "pino";
import type { Pdu, Session } from "smpp";

import { ChannelError, type DeliveryReport, type OutgoingSms, type SmsChannel } from "../channels";
import { DLT_TLVS, smpp } from "./dlt-tlvs";
import { DATA_CODING, ESM_UDH_INDICATOR, encodeSms } from "./sms-encoding";

export interface SmppChannelOptions {
  /** smpp://system_id:password@host:port (smpps:// over TLS). */
  url: string;
  /** TRAI DLT's principal entity id, on every submit_sm. */
  dltEntityId: string;
  /** The 6-letter header registered on DLT (alphanumeric source address). */
  sender: string;
  /** submit_sm PDUs a second at most, over any second. */
  ratePerSecond: number;
  /** submit_sm PDUs awaiting their response at most. */
  window: number;
  logger: Logger;
  /** DLT's telemarketer id, when the gateway asks for it. */
  telemarketerId?: string | undefined;
  /** Wait before reconnecting after a drop or a refused bind: doubling from `initialMs` up to `maxMs`. */
  reconnect?: { initialMs: number; maxMs: number } | undefined;
  /** enquire_link every this many ms while bound. */
  enquireLinkMs?: number | undefined;
  /** A request without its response after this long counts the connection dead. */
  responseTimeoutMs?: number | undefined;
  /** How often a throttled part (ESME_RTHROTTLED, ESME_RMSGQFUL) is offered again before giving up. */
  throttleRetries?: number | undefined;
  /** Wait before offering a throttled part again. */
  throttleBackoffMs?: number | undefined;
  /** Called as each submit_sm leaves, with performance.now(): for metrics, and tests of the pacing. */
  onSubmitSent?: ((at: number) => void) | undefined;
}

const TON_INTERNATIONAL = 0x01;
const NPI_ISDN = 0x01;
const TON_ALPHANUMERIC = 0x05;
const NPI_UNKNOWN = 0x00;
const INTERFACE_VERSION_34 = 0x34;
/** esm_class's message type bits, and the value of an SMSC delivery receipt among them. */
const ESM_TYPE_MASK = 0x3c;
const ESM_DELIVERY_RECEIPT = 0x04;

/** The SMSC says "not now": the same part may go later. */
const THROTTLED = new Set([smpp.ESME_RTHROTTLED, smpp.ESME_RMSGQFUL]);
/** The SMSC's own trouble: the message is fine and is retried later. Anything else refuses the message. */
const TEMPORARY = new Set([
  smpp.ESME_RSYSERR,
  smpp.ESME_RSUBMITFAIL,
  smpp.ESME_RX_T_APPN,
  smpp.ESME_RUNKNOWNERR,
]);

const statusName = (status: number): string => {
  const name = Object.entries(smpp.errors).find(([, value]) => value === status)?.[0];
  return `${name ?? "status"} (0x${status.toString(16).padStart(8, "0")})`;
};

/** message_state values of a receipt (SMPP 3.4 5.3.2.35) and the stat words of its text (appendix B). */
const FINAL_STATES: Record<number, { status: DeliveryReport["status"]; word: string }> = {
  2: { status: "delivered", word: "DELIVRD" },
  3: { status: "failed", word: "EXPIRED" },
  4: { status: "failed", word: "DELETED" },
  5: { status: "failed", word: "UNDELIV" },
  7: { status: "failed", word: "UNKNOWN" },
  8: { status: "failed", word: "REJECTD" },
  9: { status: "failed", word: "SKIPPED" },
};
const FINAL_WORDS = new Map(Object.values(FINAL_STATES).map((state) => [state.word, state.status]));

/** What a delivery receipt says, from its TLVs when the SMSC sends them, else from its text. */
export function parseReceipt(
  pdu: Pdu,
): { providerId: string; status: DeliveryReport["status"]; reason?: string } | undefined {
  const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, "i").exec(text)?.[1];
  const id =
    typeof pdu.receipted_message_id === "string" && pdu.receipted_message_id
      ? pdu.receipted_message_id
      : field("id");
  if (!id) return undefined;
  const state = typeof pdu.message_state === "number" ? FINAL_STATES[pdu.message_state] : undefined;
  const word = (state?.word ?? field("stat") ?? "").toUpperCase();
  const status = FINAL_WORDS.get(word);
  if (!status) return undefined;
  const error = field("err");
  return status === "failed"
    ? { providerId: id, status, reason: error && !/^0+$/.test(error) ? `${word} err:${error}` : word }
    : { providerId: id, status };
}

function textOf(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString("latin1");
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "message" in value) return textOf(value.message);
  return "";
}

interface PartJob {
  message: number;
  part: number;
  options: Record<string, unknown>;
  attempts: number;
  resolve(providerId: string): void;
  reject(error: ChannelError): void;
}

/**
 * SMS over SMPP 3.4 to an SMSC: one transceiver bind (submits out, delivery receipts in), kept up with
 * enquire_link and rebuilt with backoff when it drops or the bind is refused. Every submit_sm carries the
 * DLT header, entity and template ids; long texts go as concatenated parts, each its own submit_sm and
 * message id. At most `window` submit_sm await a response and at most `ratePerSecond` go in any second.
 * While unbound, submit rejects at once with a non-permanent ChannelError: the sender retries later.
 */
export function createSmppChannel(options: SmppChannelOptions): SmsChannel {
  const { logger } = options;
  const target = new URL(options.url);
  const tls = target.protocol === "smpps:";
  const host = target.hostname;
  const port = Number(target.port);
  const systemId = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const reconnect = options.reconnect ?? { initialMs: 1000, maxMs: 10_000 };
  const enquireLinkMs = options.enquireLinkMs ?? 30_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 30_000;
  const throttleRetries = options.throttleRetries ?? 5;
  const throttleBackoffMs = options.throttleBackoffMs ?? 1000;
  const window = Math.max(1, options.window);
  const rate = Math.max(1, options.ratePerSecond);
  // At most `rate` in any second, and at most a fifth of that in any tenth of a second: a second's
  // quota never leaves in one burst, while PDUs held up by a late timer catch up within the second
  // (back to back, without waiting for a timer each).
  const limits = [
    { periodMs: 1000, count: rate },
    { periodMs: 100, count: Math.min(rate, 2 * Math.ceil(rate / 10)) },
  ];

  let session: Session | undefined;
  let bound = false;
  let closing = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let enquireTimer: NodeJS.Timeout | undefined;
  let pumpTimer: NodeJS.Timeout | undefined;
  let heldUntil = 0;
  let reference = Math.floor(Math.random() * 256);
  const queue: PartJob[] = [];
  const inFlight = new Map<PartJob, NodeJS.Timeout>();
  /** When the latest submit_sm PDUs left (the last `rate` of them), oldest first. */
  const sentAt: number[] = [];
  const listeners: ((report: DeliveryReport) => void | Promise<void>)[] = [];
  let reports: Promise<void> = Promise.resolve();
  let closed: Promise<void> | undefined;

  const notConnected = () =>
    new ChannelError("the SMSC is not connected", false, "SMSC not connected", reconnectDelay());
  const reconnectDelay = () =>
    Math.min(reconnect.maxMs, reconnect.initialMs * 2 ** Math.max(0, failures - 1));

  function connect(): void {
    if (closing) return;
    const current = smpp.connect({ host, port, tls, ...(tls ? { servername: host } : {}) });
    session = current;
    current.on(tls ? "secureConnect" : "connect", () => bind(current));
    // A socket or PDU error closes the connection; 'close' follows and reconnects.
    current.on("error", (error: unknown) => {
      logger.warn({ err: error, host, port }, "SMPP connection error");
      current.destroy();
    });
    current.on("close", () => dropped(current));
    current.on("deliver_sm", (pdu: Pdu) => receipt(current, pdu));
    current.on("enquire_link", (pdu: Pdu) => current.send(pdu.response()));
    current.on("unbind", (pdu: Pdu) => {
      logger.warn({ host, port }, "the SMSC unbound; reconnecting");
      current.send(pdu.response());
      current.close();
    });
    current.on("unknown", (pdu: Pdu) => current.send(pdu.response()));
  }

  function bind(current: Session): void {
    const timer = setTimeout(() => {
      logger.warn({ host, port }, "SMPP bind got no answer");
      current.destroy();
    }, responseTimeoutMs);
    const sent = current.send(
      new smpp.PDU("bind_transceiver", {
        system_id: systemId,
        password,
        interface_version: INTERFACE_VERSION_34,
      }),
      (response) => {
        clearTimeout(timer);
        if (current !== session) return;
        if (response.command_status !== smpp.ESME_ROK) {
          logger.error(
            { host, port, systemId, status: statusName(response.command_status) },
            "the SMSC refused the bind",
          );
          current.destroy();
          return;
        }
        bound = true;
        failures = 0;
        logger.info({ host, port, systemId }, "SMPP bound (transceiver)");
        enquireTimer = setInterval(() => enquire(current), enquireLinkMs);
        pump();
      },
    );
    if (!sent) clearTimeout(timer);
  }

  function enquire(current: Session): void {
    const timer = setTimeout(() => {
      logger.warn({ host, port }, "enquire_link got no answer; reconnecting");
      current.destroy();
    }, responseTimeoutMs);
    if (!current.send(new smpp.PDU("enquire_link"), () => clearTimeout(timer))) clearTimeout(timer);
  }

  function dropped(current: Session): void {
    if (current !== session) return;
    const wasBound = bound;
    session = undefined;
    bound = false;
    clearInterval(enquireTimer);
    // Whatever was queued or awaiting an answer goes back to the sender to retry: an answer lost with
    // the connection may hide an accepted part, which the retry then sends again.
    const lost = closing ? "the SMS channel closed" : "the SMSC connection was lost";
    failAll(new ChannelError(lost, false, lost));
    if (closing) return;
    failures += 1;
    const delay = reconnectDelay();
    (wasBound ? logger.warn.bind(logger) : logger.info.bind(logger))(
      { host, port, attempt: failures, retryInMs: delay },
      wasBound ? "SMPP connection lost; reconnecting" : "SMPP connection failed; trying again",
    );
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
    reconnectTimer.unref();
  }

  function failAll(error: ChannelError): void {
    for (const [job, timer] of inFlight) {
      clearTimeout(timer);
      job.reject(error);
    }
    inFlight.clear();
    for (const job of queue.splice(0)) job.reject(error);
  }

  /** When the next submit_sm may leave under every limit (0: now). */
  function nextSlot(now: number): number {
    let at = Math.max(0, heldUntil);
    for (const { periodMs, count } of limits) {
      const oldest = sentAt.length >= count ? sentAt[sentAt.length - count] : undefined;
      if (oldest !== undefined) at = Math.max(at, oldest + periodMs);
    }
    return at <= now ? 0 : at;
  }

  function pump(): void {
    if (pumpTimer) return;
    while (bound && session && queue.length > 0 && inFlight.size < window) {
      const now = performance.now();
      const at = nextSlot(now);
      if (at > 0) {
        pumpTimer = setTimeout(
          () => {
            pumpTimer = undefined;
            pump();
          },
          Math.max(1, Math.ceil(at - now)),
        );
        return;
      }
      const job = queue.shift();
      if (!job) return;
      send(session, job, now);
    }
  }

  function send(current: Session, job: PartJob, now: number): void {
    job.attempts += 1;
    const timer = setTimeout(() => {
      logger.warn({ host, port, message: job.message }, "submit_sm got no answer; reconnecting");
      current.destroy();
    }, responseTimeoutMs);
    inFlight.set(job, timer);
    sentAt.push(now);
    if (sentAt.length > rate) sentAt.splice(0, sentAt.length - rate);
    options.onSubmitSent?.(now);
    const written = current.send(new smpp.PDU("submit_sm", job.options), (response) =>
      answered(job, response),
    );
    if (!written) {
      clearTimeout(timer);
      inFlight.delete(job);
      job.reject(notConnected());
    }
  }

  function answered(job: PartJob, response: Pdu): void {
    const timer = inFlight.get(job);
    if (timer === undefined) return;
    clearTimeout(timer);
    inFlight.delete(job);
    const status = response.command_status;
    if (status === smpp.ESME_ROK) {
      const id = typeof response.message_id === "string" ? response.message_id : "";
      if (id) job.resolve(id);
      else
        job.reject(new ChannelError("the SMSC accepted a part without a message id", false, "no message id"));
    } else if (THROTTLED.has(status) && job.attempts <= throttleRetries) {
      // Offered again first, after a pause for everyone: the SMSC asked this account to slow down.
      heldUntil = performance.now() + throttleBackoffMs;
      queue.unshift(job);
    } else {
      const reason = `SMSC refused: ${statusName(status)}`;
      const retry = THROTTLED.has(status) || TEMPORARY.has(status);
      job.reject(new ChannelError(reason, !retry, reason, retry ? throttleBackoffMs : undefined));
    }
    pump();
  }

  function receipt(current: Session, pdu: Pdu): void {
    const type = (typeof pdu.esm_class === "number" ? pdu.esm_class : 0) & ESM_TYPE_MASK;
    if (type !== ESM_DELIVERY_RECEIPT) {
      // Intermediate notifications and messages from phones: acknowledged, not acted on.
      current.send(pdu.response());
      return;
    }
    const parsed = parseReceipt(pdu);
    if (!parsed) {
      current.send(pdu.response());
      return;
    }
    const report: DeliveryReport = { ...parsed, at: new Date() };
    // Answered once every listener has it: a listener that fails leaves the receipt with the SMSC,
    // which delivers it again.
    reports = reports.then(async () => {
      try {
        for (const listener of listeners) await listener(report);
        current.send(pdu.response());
      } catch (error) {
        logger.error({ err: error, providerId: report.providerId }, "a delivery receipt was not recorded");
        current.send(pdu.response({ command_status: smpp.ESME_RX_T_APPN }));
      }
    });
  }

  function submit(sms: OutgoingSms): Promise<{ providerIds: string[] }> {
    if (closing)
      return Promise.reject(new ChannelError("the SMS channel is closed", false, "channel closed"));
    const destination = /^\+([1-9]\d{6,14})$/.exec(sms.to)?.[1];
    if (!destination) return Promise.reject(new ChannelError("not an E.164 number", true, "invalid number"));
    if (!bound || !session) return Promise.reject(notConnected());
    reference = (reference + 1) & 0xff;
    const encoded = encodeSms(sms.text, reference);
    const several = encoded.parts.length > 1;
    const jobs: PartJob[] = [];
    const done = encoded.parts.map(
      (shortMessage, index) =>
        new Promise<string>((resolve, reject) => {
          jobs.push({
            message: sms.messageId,
            part: index + 1,
            attempts: 0,
            resolve,
            reject,
            options: {
              source_addr_ton: TON_ALPHANUMERIC,
              source_addr_npi: NPI_UNKNOWN,
              source_addr: options.sender,
              dest_addr_ton: TON_INTERNATIONAL,
              dest_addr_npi: NPI_ISDN,
              destination_addr: destination,
              esm_class: several ? ESM_UDH_INDICATOR : 0,
              registered_delivery: 1,
              data_coding: DATA_CODING[encoded.coding],
              short_message: shortMessage,
              [DLT_TLVS.peId.name]: options.dltEntityId,
              [DLT_TLVS.templateId.name]: sms.dltTemplateId,
              ...(options.telemarketerId ? { [DLT_TLVS.telemarketerId.name]: options.telemarketerId } : {}),
            },
          });
        }),
    );
    queue.push(...jobs);
    pump();
    return Promise.all(done).then(
      (providerIds) => {
        logger.debug({ message: sms.messageId, parts: providerIds.length, providerIds }, "SMS submitted");
        return { providerIds };
      },
      (error: unknown) => {
        // One part refused: its later parts, not yet sent, stay unsent.
        for (const job of jobs) {
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
        }
        throw error instanceof ChannelError ? error : new ChannelError(String(error), false, "submit failed");
      },
    );
  }

  async function close(): Promise<void> {
    if (closed) return closed;
    closing = true;
    clearTimeout(reconnectTimer);
    clearTimeout(pumpTimer);
    clearInterval(enquireTimer);
    const current = session;
    closed = (async () => {
      if (!current) {
        failAll(new ChannelError("the SMS channel closed", false, "channel closed"));
        return;
      }
      const gone = new Promise<void>((resolve) => current.once("close", () => resolve()));
      if (bound) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2000);
          const finish = () => {
            clearTimeout(timer);
            resolve();
          };
          if (!current.send(new smpp.PDU("unbind"), finish)) finish();
        });
      }
      current.close();
      const timer = setTimeout(() => current.destroy(), 2000);
      await gone;
      clearTimeout(timer);
    })();
    return closed;
  }

  connect();
  return {
    submit,
    onReport: (listener) => {
      listeners.push(listener);
    },
    close,
  };
}
