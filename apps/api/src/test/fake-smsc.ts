import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { performance } from "node:perf_hooks";

import type { Pdu, Server, Session } from "smpp";

import { DLT_TLVS, smpp } from "../messaging/sms/dlt-tlvs";

/** One submit_sm as the SMSC received it, and what it answered. */
export interface SmscSubmit {
  /** performance.now() on arrival. */
  at: number;
  /** Date.now() on arrival (for comparing with another process's clock readings). */
  receivedAt: number;
  /** The id it answered with ("" when it refused the PDU). */
  messageId: string;
  status: number;
  systemId: string;
  sourceAddr: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  destinationAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  esmClass: number;
  registeredDelivery: number;
  dataCoding: number;
  /** The concatenation header of a part: its length in bytes (UDHL included), reference, count, number. */
  udh: { length: number; reference: number; total: number; seq: number } | undefined;
  /** The part's text as the phone shows it. */
  text: string;
  /** The part's length in the units of its coding (bytes for GSM-7, UTF-16 code units for UCS-2). */
  units: number;
  tlvs: { peId: string | undefined; templateId: string | undefined; telemarketerId: string | undefined };
}

export type ReceiptStat = "DELIVRD" | "UNDELIV" | "REJECTD" | "EXPIRED" | "DELETED" | "UNKNOWN" | "ACCEPTD";

const MESSAGE_STATE: Record<ReceiptStat, number> = {
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

export interface FakeSmsc {
  readonly port: number;
  /** smpp://system_id:password@127.0.0.1:port with the credentials it accepts. */
  readonly url: string;
  /** Every submit_sm received, accepted or not, in order of arrival. */
  readonly submits: SmscSubmit[];
  readonly binds: { systemId: string; password: string; accepted: boolean }[];
  /** The most submit_sm it held unanswered at once (with responseDelayMs, the client's window). */
  readonly maxOutstanding: number;
  /** Sessions bound now. */
  readonly boundSessions: number;
  /** Each submit_sm_resp waits this long. */
  responseDelayMs: number;
  /** enquire_link PDUs received. */
  readonly enquireLinks: number;
  /** false: enquire_link goes unanswered, as over a connection that died without closing. */
  answerEnquireLink: boolean;
  /** The next `count` submit_sm are answered with `status` (ESME_RTHROTTLED, ESME_RINVDSTADR, …). */
  refuseNext(count: number, status: number): void;
  /** A delivery receipt for an accepted part, to a bound session; resolves with deliver_sm_resp's status. */
  sendReceipt(
    messageId: string,
    stat?: ReceiptStat,
    options?: { tlvs?: boolean; err?: string },
  ): Promise<number>;
  /** Closes the port and drops every connection (an outage); start() listens on the same port again. */
  stop(): Promise<void>;
  /** Listens again; resolves with Date.now() of the moment it listens. */
  start(): Promise<number>;
  close(): Promise<void>;
}

const field = (pdu: Pdu, name: string): string => {
  const value = pdu[name];
  return typeof value === "string" ? value : "";
};
const number = (pdu: Pdu, name: string): number => {
  const value = pdu[name];
  return typeof value === "number" ? value : 0;
};
const optional = (pdu: Pdu, name: string): string | undefined => {
  const value = pdu[name];
  return typeof value === "string" ? value : undefined;
};

/** The text and concatenation header of a short_message as the library decoded it. */
function partOf(pdu: Pdu): Pick<SmscSubmit, "udh" | "text" | "units"> {
  const value = pdu.short_message;
  if (!value || typeof value !== "object" || Buffer.isBuffer(value))
    return { udh: undefined, text: "", units: 0 };
  const message = "message" in value && typeof value.message === "string" ? value.message : "";
  const units =
    number(pdu, "data_coding") === 0x08 ? message.length : smpp.gsmCoder.encode(message, 0).length;
  const elements =
    "udh" in value && Array.isArray(value.udh) ? value.udh.filter((e) => Buffer.isBuffer(e)) : [];
  const concat = elements.find((element) => element[0] === 0x00 && element[1] === 0x03);
  return {
    text: message,
    units,
    udh: concat
      ? {
          length: 1 + elements.reduce((sum, element) => sum + element.length, 0),
          reference: concat[2] ?? -1,
          total: concat[3] ?? -1,
          seq: concat[4] ?? -1,
        }
      : undefined,
  };
}

const smppTime = (date: Date) =>
  [
    date.getUTCFullYear() % 100,
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  ]
    .map((n) => String(n).padStart(2, "0"))
    .join("");

/**
 * A real SMPP server on a free port, made with the smpp library's server side, standing in for an
 * operator's SMSC in tests and benches: it checks the bind's credentials (ESME_RBINDFAIL otherwise),
 * records every submit_sm with its DLT TLVs and answers with a message id, can refuse or throttle, sends
 * delivery receipts on demand, and can go away and come back on the same port.
 */
export async function startFakeSmsc(
  options: { systemId?: string; password?: string; responseDelayMs?: number } = {},
): Promise<FakeSmsc> {
  const systemId = options.systemId ?? "labtest";
  const password = options.password ?? "s3cret";
  const tag = randomBytes(3).toString("hex");
  let counter = 0;
  let outstanding = 0;
  let maxOutstanding = 0;
  const refusals: number[] = [];
  const submits: SmscSubmit[] = [];
  const binds: FakeSmsc["binds"] = [];
  const bound = new Set<Session>();
  const submitted = new Map<string, SmscSubmit>();
  let server: Server | undefined;
  let port = 0;

  let enquireLinks = 0;
  const fake = {
    responseDelayMs: options.responseDelayMs ?? 0,
    answerEnquireLink: true,
  };

  function onSession(session: Session): void {
    let boundAs: string | undefined;
    session.on("error", () => session.destroy());
    session.on("close", () => bound.delete(session));
    for (const command of ["bind_transceiver", "bind_transmitter", "bind_receiver"]) {
      session.on(command, (pdu: Pdu) => {
        const accepted = field(pdu, "system_id") === systemId && field(pdu, "password") === password;
        binds.push({ systemId: field(pdu, "system_id"), password: field(pdu, "password"), accepted });
        if (!accepted) {
          session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
          session.close();
          return;
        }
        boundAs = field(pdu, "system_id");
        bound.add(session);
        session.send(pdu.response({ system_id: "FAKESMSC" }));
      });
    }
    session.on("enquire_link", (pdu: Pdu) => {
      enquireLinks += 1;
      if (fake.answerEnquireLink) session.send(pdu.response());
    });
    session.on("unbind", (pdu: Pdu) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
    session.on("submit_sm", (pdu: Pdu) => {
      if (!boundAs) {
        session.send(pdu.response({ command_status: smpp.ESME_RINVBNDSTS }));
        return;
      }
      const status = refusals.shift() ?? smpp.ESME_ROK;
      counter += 1;
      const record: SmscSubmit = {
        at: performance.now(),
        receivedAt: Date.now(),
        messageId: status === smpp.ESME_ROK ? `${tag}${counter.toString(16).padStart(6, "0")}` : "",
        status,
        systemId: boundAs,
        sourceAddr: field(pdu, "source_addr"),
        sourceAddrTon: number(pdu, "source_addr_ton"),
        sourceAddrNpi: number(pdu, "source_addr_npi"),
        destinationAddr: field(pdu, "destination_addr"),
        destAddrTon: number(pdu, "dest_addr_ton"),
        destAddrNpi: number(pdu, "dest_addr_npi"),
        esmClass: number(pdu, "esm_class"),
        registeredDelivery: number(pdu, "registered_delivery"),
        dataCoding: number(pdu, "data_coding"),
        ...partOf(pdu),
        tlvs: {
          peId: optional(pdu, DLT_TLVS.peId.name),
          templateId: optional(pdu, DLT_TLVS.templateId.name),
          telemarketerId: optional(pdu, DLT_TLVS.telemarketerId.name),
        },
      };
      submits.push(record);
      if (record.messageId) submitted.set(record.messageId, record);
      outstanding += 1;
      maxOutstanding = Math.max(maxOutstanding, outstanding);
      const answer = () => {
        outstanding -= 1;
        session.send(
          pdu.response(
            status === smpp.ESME_ROK ? { message_id: record.messageId } : { command_status: status },
          ),
        );
      };
      if (fake.responseDelayMs > 0) setTimeout(answer, fake.responseDelayMs);
      else answer();
    });
  }

  async function start(): Promise<number> {
    const listening = smpp.createServer(onSession);
    listening.listen(port, "127.0.0.1");
    await once(listening, "listening");
    const address = listening.address();
    if (!address || typeof address === "string") throw new Error("the fake SMSC listens on no TCP port");
    port = address.port;
    server = listening;
    return Date.now();
  }

  async function stop(): Promise<void> {
    const current = server;
    if (!current) return;
    server = undefined;
    const closed = once(current, "close");
    current.close();
    for (const session of [...current.sessions]) session.destroy();
    bound.clear();
    outstanding = 0;
    await closed;
  }

  async function sendReceipt(
    messageId: string,
    stat: ReceiptStat = "DELIVRD",
    receiptOptions: { tlvs?: boolean; err?: string } = {},
  ): Promise<number> {
    const record = submitted.get(messageId);
    if (!record) throw new Error(`no accepted submit_sm has id ${messageId}`);
    const session = [...bound][0];
    if (!session) throw new Error("no session is bound to receive the receipt");
    const now = smppTime(new Date());
    const err = receiptOptions.err ?? (stat === "DELIVRD" ? "000" : "001");
    const pdu = new smpp.PDU("deliver_sm", {
      source_addr_ton: record.destAddrTon,
      source_addr_npi: record.destAddrNpi,
      source_addr: record.destinationAddr,
      dest_addr_ton: record.sourceAddrTon,
      dest_addr_npi: record.sourceAddrNpi,
      destination_addr: record.sourceAddr,
      esm_class: 0x04,
      data_coding: 0,
      short_message: `id:${messageId} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:${now} done date:${now} stat:${stat} err:${err} text:`,
      ...(receiptOptions.tlvs ? { receipted_message_id: messageId, message_state: MESSAGE_STATE[stat] } : {}),
    });
    return new Promise<number>((resolve, reject) => {
      if (!session.send(pdu, (response) => resolve(response.command_status)))
        reject(new Error("the session closed before the receipt left"));
    });
  }

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smpp://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    },
    submits,
    binds,
    get maxOutstanding() {
      return maxOutstanding;
    },
    get boundSessions() {
      return bound.size;
    },
    get enquireLinks() {
      return enquireLinks;
    },
    get answerEnquireLink() {
      return fake.answerEnquireLink;
    },
    set answerEnquireLink(value: boolean) {
      fake.answerEnquireLink = value;
    },
    get responseDelayMs() {
      return fake.responseDelayMs;
    },
    set responseDelayMs(value: number) {
      fake.responseDelayMs = value;
    },
    refuseNext(count, status) {
      for (let i = 0; i < count; i += 1) refusals.push(status);
    },
    sendReceipt,
    stop,
    start,
    close: stop,
  };
}
