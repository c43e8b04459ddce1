import { Router } from "express";

import type { MailboxEntry } from "../../mail/transport";
import type { DevMessage } from "../../messaging/dev-outbox";
import { presentMailbox } from "../../presenters/dev-mailbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const when = (at: string) => escapeHtml(new Date(at).toLocaleString("en-IN"));

const CHANNEL_NAMES = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" } as const;

function mailItem(mail: MailboxEntry): string {
  const attached =
    mail.attachments.length > 0 ? ` · ${mail.attachments.map((a) => escapeHtml(a.filename)).join(", ")}` : "";
  return `<article data-testid="dev-mail">
  <p class="badges"><span class="badge email">${CHANNEL_NAMES.email}</span></p>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to.join(", "))} · ${when(mail.sentAt)}${attached}</p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

/** A message's status and when it reached it, e.g. "delivered 12/3/2026, 10:04:05 am". */
function statusLine(message: DevMessage): string {
  const at =
    message.status === "read"
      ? message.readAt
      : message.status === "delivered"
        ? message.deliveredAt
        : message.status === "failed"
          ? message.failedAt
          : message.status === "sent"
            ? message.sentAt
            : message.createdAt;
  const reason = message.reason === null ? "" : `: ${escapeHtml(message.reason)}`;
  return `${escapeHtml(message.status)}${reason}${at === null ? "" : ` · ${when(at)}`}`;
}

function messageItem(message: DevMessage): string {
  return `<article data-testid="dev-message" data-channel="${message.channel}" data-status="${escapeHtml(message.status)}" data-to="${escapeHtml(message.to)}" data-template="${escapeHtml(message.template)}">
  <p class="badges"><span class="badge ${message.channel}">${CHANNEL_NAMES[message.channel]}</span> <span class="badge status ${escapeHtml(message.status)}" data-testid="dev-message-status">${statusLine(message)}</span></p>
  <h2>${escapeHtml(message.template)} <span class="lang">(${escapeHtml(message.language)})</span></h2>
  <p class="meta">To ${escapeHtml(message.to)} · queued ${when(message.createdAt)}</p>
  <pre lang="${escapeHtml(message.language)}" data-testid="dev-message-body">${escapeHtml(message.body)}</pre>
</article>`;
}

/** Mails and phone messages in one list, newest first. */
function renderOutbox(mails: MailboxEntry[], messages: DevMessage[]): string {
  const entries = [
    ...mails.map((mail) => ({ at: Date.parse(mail.sentAt), html: mailItem(mail) })),
    ...messages.map((message) => ({ at: Date.parse(message.createdAt), html: messageItem(message) })),
  ].sort((a, b) => b.at - a.at);
  const items = entries.map((entry) => entry.html).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox</title>
<style>body{font-family:system-ui,"Noto Sans","Noto Sans Telugu","Noto Sans Devanagari",sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;color:#0f172a;overflow-wrap:anywhere}
article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:.25rem 0 0}
.meta{color:#475569;font-size:.875rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit;font-size:.95rem;line-height:1.6}
.badges{display:flex;flex-wrap:wrap;gap:.5rem;margin:0}.badge{border-radius:.75rem;padding:.125rem .625rem;font-size:.8rem;font-weight:600;background:#e2e8f0;color:#0f172a}
.badge.sms{background:#dbeafe;color:#1e3a8a}.badge.whatsapp{background:#dcfce7;color:#14532d}
.badge.delivered,.badge.read{background:#dcfce7;color:#14532d}.badge.failed{background:#fee2e2;color:#7f1d1d}
.lang{color:#475569;font-weight:400}a.refresh{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border:1px solid #cbd5e1;border-radius:.5rem;color:#0f172a;text-decoration:none}</style></head>
<body><main><h1>Dev outbox</h1>
<p>Every e-mail, SMS and WhatsApp message the portal sent while no SMTP server, SMSC or WhatsApp account is configured, newest first. Nothing here left this machine: phone messages are reported delivered at once, as a provider would. Not available in production.</p>
<p><a class="refresh" href="/dev/mailbox">Refresh</a></p>
${items || "<p>No messages yet.</p>"}
</main></body></html>`;
}

/** Where the dev outbox reads from: the mail files, the phone messages kept back. Either may be absent. */
export interface DevOutboxSources {
  mails?: ((limit?: number) => Promise<MailboxEntry[]>) | undefined;
  messages?: ((limit?: number) => Promise<DevMessage[]>) | undefined;
}

/**
 * The development mailbox, now the dev outbox: mounted only outside production, when mail goes to
 * files or a phone channel has no provider configured.
 */
export function devMailboxRouter(sources: DevOutboxSources): Router {
  const router = Router();
  const read = async () =>
    Promise.all([sources.mails?.() ?? Promise.resolve([]), sources.messages?.() ?? Promise.resolve([])]);
  router.get("/mailbox.json", async (_req, res) => {
    const [mails, messages] = await read();
    res.json(presentMailbox(mails, messages));
  });
  router.get("/mailbox", async (_req, res) => {
    const [mails, messages] = await read();
    res.type("html").send(renderOutbox(mails, messages));
  });
  return router;
}
