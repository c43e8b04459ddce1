// The parts of the smpp library (SMPP 3.4/5.0 client and server, no types of its own) that the SMS channel
// and the test SMSC use. A PDU's fields are its SMPP parameter names; what arrives is read with checks.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";

  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    [field: string]: unknown;
  }

  export interface PduConstructor {
    new (command: string, options?: Record<string, unknown>): Pdu;
  }

  export interface Session extends EventEmitter {
    readonly socket: Socket;
    /** false when the socket is not writable (the PDU was not sent). */
    send(pdu: Pdu, onResponse?: (response: Pdu) => void, onSent?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export interface Server extends NetServer {
    readonly sessions: Session[];
  }

  export interface ConnectOptions {
    host: string;
    port: number;
    tls?: boolean;
    servername?: string;
    auto_enquire_link_period?: number;
  }

  export interface TlvType {
    read(buffer: Buffer, offset: number, length: number): unknown;
    write(value: unknown, buffer: Buffer, offset: number): void;
    size(value: unknown): number;
    default: unknown;
  }

  export interface Encoding {
    match(value: string): boolean;
    encode(value: string): Buffer;
    decode(value: Buffer): string;
  }

  const smpp: {
    connect(options: ConnectOptions): Session;
    createServer(listener: (session: Session) => void): Server;
    addTLV(name: string, options: { id: number; type: TlvType }): void;
    PDU: PduConstructor;
    types: { tlv: { string: TlvType; cstring: TlvType; int8: TlvType; buffer: TlvType } };
    /** GSM 03.38: one byte per septet, escape (0x1B) before the extension table's characters. */
    gsmCoder: { encode(value: string, table: number): Buffer; decode(value: Buffer, table: number): string };
    encodings: { ASCII: Encoding; UCS2: Encoding };
    /** command_status values by name (ESME_ROK, ESME_RTHROTTLED, …). */
    errors: Readonly<Record<string, number>>;
    ESME_ROK: number;
    ESME_RINVMSGLEN: number;
    ESME_RSYSERR: number;
    ESME_RINVBNDSTS: number;
    ESME_RINVSRCADR: number;
    ESME_RINVDSTADR: number;
    ESME_RBINDFAIL: number;
    ESME_RINVPASWD: number;
    ESME_RINVSYSID: number;
    ESME_RMSGQFUL: number;
    ESME_RINVESMCLASS: number;
    ESME_RSUBMITFAIL: number;
    ESME_RINVSRCTON: number;
    ESME_RINVSRCNPI: number;
    ESME_RINVDSTTON: number;
    ESME_RINVDSTNPI: number;
    ESME_RTHROTTLED: number;
    ESME_RX_T_APPN: number;
    ESME_RX_P_APPN: number;
    ESME_RINVTLVVAL: number;
    ESME_RMISSINGTLV: number;
    ESME_RUNKNOWNERR: number;
    ESME_RINVDCS: number;
  };
  export default smpp;
}
