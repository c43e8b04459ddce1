// Reading the mail caught by the global setup's SMTP server (see mail-catcher.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import type { CaughtMail } from "./mail-catcher";

export interface Mail extends CaughtMail {
  subject: string;
  text: string;
}

/** Waits until a message addressed to `to` (and matching `where`) arrives; newest first. */
export async function waitForMail(
  dir: string,
  to: string,
  { where = () => true, timeoutMs = 30_000 }: { where?: (mail: Mail) => boolean; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  for (;;) {
    const found = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .reverse()
      .map((name) => parseMail(JSON.parse(readFileSync(join(dir, name), "utf8")) as CaughtMail))
      .find((mail) => mail.to.includes(address) && where(mail));
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms (mail directory ${dir})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The 6-character verification code in the message's text. */
export function verificationCode(mail: Mail): string {
  const code =
    /code(?: is)?:?\s+([A-Z0-9]{6})\b/.exec(mail.text)?.[1] ??
    /\b(?=[A-Z]*\d)[A-Z0-9]{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No 6-character code in the e-mail "${mail.subject}":\n${mail.text}`);
  return code;
}

// --- a small MIME reader: enough for what nodemailer sends (text/plain, text/html, multipart/*) ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = Buffer.from(
      part.body
        .replace(/=\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    );
    return bytes.toString("utf8");
  }
  return part.body;
}

function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
  );
}

function textOf(part: Part): { plain?: string; html?: string } {
  const type = (part.headers.get("content-type") ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get("content-type") ?? "")?.[1];
    if (!boundary) return {};
    const result: { plain?: string; html?: string } = {};
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith("--")) break;
      const found = textOf(splitPart(piece.replace(/^\n/, "")));
      result.plain ??= found.plain;
      result.html ??= found.html;
    }
    return result;
  }
  if (type.startsWith("text/html")) return { html: decodeBody(part) };
  if (type.startsWith("text/")) return { plain: decodeBody(part) };
  return {};
}

export function parseMail(mail: CaughtMail): Mail {
  const message = splitPart(mail.raw);
  const { plain, html } = textOf(message);
  const text =
    plain ??
    (html ?? "")
      .replace(/<style[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ");
  return { ...mail, subject: decodeHeader(message.headers.get("subject") ?? ""), text };
}
