// A real SMTP server (the `smtp-server` package) on 127.0.0.1, port 0. Every message it receives is
// written as one JSON file into a directory, so test files (which run in another process than the
// global setup) can read the mail the API sent.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo, Server } from "node:net";
import { join } from "node:path";
import type { Readable } from "node:stream";

export interface CaughtMail {
  from: string;
  to: string[];
  receivedAt: string;
  raw: string;
}

interface SmtpSession {
  envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] };
}
interface SmtpServerOptions {
  disabledCommands: string[];
  authOptional: boolean;
  logger: boolean;
  size: number;
  onData(stream: Readable, session: SmtpSession, callback: (error?: Error | null) => void): void;
}
interface SmtpServer {
  server: Server;
  listen(port: number, host: string, callback: () => void): void;
  close(callback: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
}
type SmtpServerModule = { SMTPServer: new (options: SmtpServerOptions) => SmtpServer };

// smtp-server ships no types of its own; the few members used here are typed above.
const { SMTPServer } = createRequire(import.meta.url)("smtp-server") as SmtpServerModule;

export interface MailCatcher {
  port: number;
  url: string;
  count(): number;
  close(): Promise<void>;
}

export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error: Error) => callback(error));
      stream.on("end", () => {
        received += 1;
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        const name = `${Date.now()}-${String(received).padStart(5, "0")}.json`;
        writeFileSync(join(dir, name), JSON.stringify(mail));
        callback();
      });
    },
  });
  server.on("error", (error) => console.error("[e2e] mail catcher:", error.message));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
