import { once } from "node:events";
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
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
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          raw,
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
