// Reading the mail caught by the global setup's SMTP server (see mail-catcher.ts), parsed by
// mailparser (nodemailer's own parser): subject, plain text and attachments.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { simpleParser } from "mailparser";

import type { CaughtMail } from "./mail-catcher";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail extends CaughtMail {
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

export async function parseMail(mail: CaughtMail): Promise<Mail> {
  const parsed = await simpleParser(mail.raw);
  const html = typeof parsed.html === "string" ? parsed.html : "";
  return {
    ...mail,
    subject: parsed.subject ?? "",
    text: parsed.text ?? html.replace(/<[^>]+>/g, " "),
    attachments: parsed.attachments.map((file) => ({
      filename: file.filename ?? "",
      contentType: file.contentType.toLowerCase(),
      content: file.content,
    })),
  };
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
    const addressed = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as CaughtMail)
      .filter((mail) => mail.to.includes(address));
    for (const caught of addressed) {
      const mail = await parseMail(caught);
      if (where(mail)) return mail;
    }
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
    // A mail in another language: the code follows its sentence's colon.
    /:\s*([A-Z0-9]{6})\b/.exec(mail.text)?.[1] ??
    /\b(?=[A-Z]*\d)[A-Z0-9]{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No 6-character code in the e-mail "${mail.subject}":\n${mail.text}`);
  return code;
}
