// An SMTP catcher on a fixed port that can go away (its port refuses connections) and come back on
// the same port, keeping every mail it received with the moment it arrived.
import { once } from "node:events";

import { SMTPServer } from "smtp-server";

import { freePort } from "./ports";

export interface Caught {
  to: string[];
  subject: string;
  messageId: string;
  receivedAt: number;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?[^?\s]+\?([QqBb])\?([^?\s]*)\?=/g, (_all, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name)
      return decodeWords(line.slice(colon + 1).trim());
  }
  return "";
}

export interface SmtpCatcher {
  url: string;
  mails: Caught[];
  /** Listening again on the same port; answers the moment it listens. */
  start(): Promise<number>;
  /** Stops listening and drops open sessions: new connections are refused. */
  stop(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpCatcher> {
  const port = await freePort();
  const mails: Caught[] = [];
  let server: SMTPServer | undefined;
  const catcher: SmtpCatcher = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async start() {
      const listening = new SMTPServer({
        disabledCommands: ["STARTTLS", "AUTH"],
        authOptional: true,
        logger: false,
        closeTimeout: 100,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: header(raw, "subject"),
              messageId: header(raw, "message-id"),
              receivedAt: Date.now(),
            });
            callback();
          });
        },
      });
      listening.listen(port, "127.0.0.1");
      await once(listening.server, "listening");
      server = listening;
      return Date.now();
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  await catcher.start();
  return catcher;
}
