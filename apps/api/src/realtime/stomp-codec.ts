// STOMP 1.2 framing (https://stomp.github.io/stomp-specification-1.2.html): encode and incrementally
// decode frames, with byte-exact content-length, header escaping and heart-beat EOLs.

export interface StompFrame {
  command: string;
  /** In order; a repeated header keeps its first value when read with header(). */
  headers: [string, string][];
  body: Buffer;
}

export class StompProtocolError extends Error {}

export const header = (frame: StompFrame, name: string): string | undefined =>
  frame.headers.find(([key]) => key === name)?.[1];

// CONNECT and CONNECTED predate escaping and are sent and read verbatim.
const UNESCAPED = new Set(["CONNECT", "CONNECTED"]);

const escapeHeader = (value: string): string =>
  value.replace(/[\\\r\n:]/g, (c) => (c === "\\" ? "\\\\" : c === "\r" ? "\\r" : c === "\n" ? "\\n" : "\\c"));

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/g, (_, c: string) => {
    if (c === "\\") return "\\";
    if (c === "n") return "\n";
    if (c === "r") return "\r";
    if (c === "c") return ":";
    throw new StompProtocolError(`Undefined escape sequence \\${c} in a header`);
  });
}

/** A frame as bytes; content-length is always set from the body's byte length. */
export function encodeFrame(
  command: string,
  headers: Record<string, string> | [string, string][],
  body: Buffer | string = "",
): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const escape = UNESCAPED.has(command) ? (value: string) => value : escapeHeader;
  const entries = (Array.isArray(headers) ? headers : Object.entries(headers)).filter(
    ([key]) => key !== "content-length",
  );
  let head = `${command}\n`;
  for (const [key, value] of entries) head += `${escape(key)}:${escape(value)}\n`;
  if (bytes.length > 0 || command === "MESSAGE" || command === "ERROR")
    head += `content-length:${bytes.length}\n`;
  return Buffer.concat([Buffer.from(`${head}\n`, "utf8"), bytes, Buffer.from([0])]);
}

export interface DecoderLimits {
  /** Largest frame accepted, headers and body together. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export type Decoded = StompFrame | "heartbeat";

/** Incremental decoder: push bytes as they arrive, get back the complete frames and heart-beats. */
export class StompDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly limits: DecoderLimits = { maxFrameBytes: 65_536, maxHeaders: 64 }) {}

  push(chunk: Buffer | string): Decoded[] {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const out: Decoded[] = [];
    for (;;) {
      const frame = this.next();
      if (frame === undefined) break;
      out.push(frame);
    }
    if (this.buffer.length > this.limits.maxFrameBytes) {
      throw new StompProtocolError(`Frame larger than ${this.limits.maxFrameBytes} bytes`);
    }
    return out;
  }

  private next(): Decoded | undefined {
    // Heart-beats (and the EOLs allowed after a frame's NUL) are bare EOLs.
    if (this.buffer[0] === 0x0a) {
      this.buffer = this.buffer.subarray(1);
      return "heartbeat";
    }
    if (this.buffer[0] === 0x0d && this.buffer[1] === 0x0a) {
      this.buffer = this.buffer.subarray(2);
      return "heartbeat";
    }
    if (this.buffer.length === 0 || (this.buffer[0] === 0x0d && this.buffer.length === 1)) return undefined;

    const headEnd = findHeadEnd(this.buffer);
    if (headEnd === undefined) return undefined;
    const lines = this.buffer
      .subarray(0, headEnd.at)
      .toString("utf8")
      .split("\n")
      .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
    const command = lines.shift() ?? "";
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError(`Invalid command "${command.slice(0, 20)}"`);
    if (lines.length > this.limits.maxHeaders) throw new StompProtocolError("Too many headers");
    const escaped = !UNESCAPED.has(command);
    const headers: [string, string][] = lines.map((line) => {
      const colon = line.indexOf(":");
      if (colon < 0) throw new StompProtocolError(`Header without a colon: "${line.slice(0, 40)}"`);
      const key = line.slice(0, colon);
      const value = line.slice(colon + 1);
      return escaped ? [unescapeHeader(key), unescapeHeader(value)] : [key, value];
    });

    const bodyStart = headEnd.at + headEnd.length;
    const lengthHeader = headers.find(([key]) => key === "content-length")?.[1];
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d+$/.test(lengthHeader)) throw new StompProtocolError("Invalid content-length");
      const length = Number(lengthHeader);
      if (bodyStart + length + 1 > this.limits.maxFrameBytes) {
        throw new StompProtocolError(`Frame larger than ${this.limits.maxFrameBytes} bytes`);
      }
      bodyEnd = bodyStart + length;
      if (this.buffer.length < bodyEnd + 1) return undefined;
      if (this.buffer[bodyEnd] !== 0)
        throw new StompProtocolError("Frame body longer than its content-length");
    } else {
      const nul = this.buffer.indexOf(0, bodyStart);
      if (nul < 0) return undefined;
      bodyEnd = nul;
    }
    const body = Buffer.from(this.buffer.subarray(bodyStart, bodyEnd));
    this.buffer = this.buffer.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** Where the blank line that ends the headers is: "\n\n", "\r\n\r\n" or a mix. */
function findHeadEnd(buffer: Buffer): { at: number; length: number } | undefined {
  for (let i = 0; i < buffer.length; i += 1) {
    if (buffer[i] !== 0x0a) continue;
    if (buffer[i + 1] === 0x0a) return { at: i, length: 2 };
    if (buffer[i + 1] === 0x0d && buffer[i + 2] === 0x0a) return { at: i, length: 3 };
    if (i + 1 >= buffer.length || (buffer[i + 1] === 0x0d && i + 2 >= buffer.length)) return undefined;
  }
  return undefined;
}
