import { once } from "node:events";
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  /** Decoded (RFC 2047 encoded words undone). */
  subject: string;
  raw: string;
  /** Top-level headers, unfolded and decoded, by lower-cased name (the last one of a name wins). */
  headers: Record<string, string>;
  /** The decoded text/plain and text/html parts, with \n line ends ("" when absent). */
  text: string;
  html: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const flat = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < flat.length; i += 1) {
    const hex = flat[i] === "=" ? flat.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(flat[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

const splitHead = (raw: string): [string, string] => {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0 ? [raw, ""] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, "")];
};

/** The decoded body of the first part of a type, looking through every multipart boundary. */
function partOf(raw: string, type: "text/plain" | "text/html"): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1] ?? "");
  const parts =
    boundaries.length > 0
      ? raw.split(
          new RegExp(boundaries.map((b) => `--${b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).join("|")),
        )
      : [raw];
  for (const part of parts) {
    const [head, body] = splitHead(part.replace(/^\r?\n/, ""));
    const headers = parseHeaders(head);
    if (!(headers["content-type"] ?? "").toLowerCase().startsWith(type)) continue;
    const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
    return body;
  }
  return "";
}

/** A real SMTP server on port 0 that keeps every message it receives. */
export async function startSmtpCatcher(options: { refuse?: () => boolean } = {}) {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuse?.()) {
          callback(new Error("451 mailbox temporarily unavailable"));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = parseHeaders(splitHead(raw)[0]);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headers.subject ?? "",
          raw,
          headers,
          text: partOf(raw, "text/plain").replace(/\r\n/g, "\n"),
          html: partOf(raw, "text/html").replace(/\r\n/g, "\n"),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs = 5000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (have ${mails.length})`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        waiters.add(wake);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
