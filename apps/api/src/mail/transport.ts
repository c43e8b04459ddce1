import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

import nodemailer from "nodemailer";

export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string | undefined;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string> | undefined;
  replyTo?: string | undefined;
}

export interface MailTransport {
  kind: "smtp" | "dev-mailbox";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

export interface MailboxEntry {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html?: string | undefined;
  attachments: { filename: string; contentType: string; size: number }[];
  replyTo?: string | undefined;
  headers?: Record<string, string> | undefined;
  sentAt: string;
}

/** Development stand-in for SMTP: each mail becomes a JSON file under DATA_DIR/mailbox. */
export function createDevMailbox(directory: string) {
  let sequence = 0;
  const transport: MailTransport = {
    kind: "dev-mailbox",
    async send(mail) {
      await mkdir(directory, { recursive: true });
      const sentAt = new Date();
      sequence += 1;
      const id = `${sentAt.getTime()}-${process.pid}-${sequence}`;
      const entry: MailboxEntry = {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        headers: mail.headers,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
        })),
        sentAt: sentAt.toISOString(),
      };
      await writeFile(join(directory, `${id}.json`), JSON.stringify(entry, null, 2));
    },
    close: () => undefined,
  };
  const list = async (limit = 50): Promise<MailboxEntry[]> => {
    const names = await readdir(directory).catch(() => [] as string[]);
    const newest = names
      .filter((name) => name.endsWith(".json"))
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10) || b.localeCompare(a))
      .slice(0, limit);
    const entries = await Promise.all(
      newest.map(async (name) => JSON.parse(await readFile(join(directory, name), "utf8")) as MailboxEntry),
    );
    return entries;
  };
  return { transport, list };
}
