import { Router } from "express";

import type { MailboxEntry } from "../../mail/transport";
import { presentMailbox } from "../../presenters/dev-mailbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderMailbox(entries: MailboxEntry[]): string {
  const items = entries
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to.join(", "))} · ${escapeHtml(new Date(mail.sentAt).toLocaleString("en-IN"))}${
    mail.attachments.length > 0 ? ` · ${mail.attachments.map((a) => escapeHtml(a.filename)).join(", ")}` : ""
  }</p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#475569;font-size:.875rem}pre{white-space:pre-wrap;font-size:.95rem}</style></head>
<body><main><h1>Dev mailbox</h1>
<p>Every e-mail the portal sent while no SMTP server is configured, newest first. Not available in production.</p>
${items || "<p>No e-mails yet.</p>"}
</main></body></html>`;
}

/** The development mailbox: mounted only when mail goes to files and the app is not in production. */
export function devMailboxRouter(list: (limit?: number) => Promise<MailboxEntry[]>): Router {
  const router = Router();
  router.get("/mailbox.json", async (_req, res) => {
    res.json(presentMailbox(await list()));
  });
  router.get("/mailbox", async (_req, res) => {
    res.type("html").send(renderMailbox(await list()));
  });
  return router;
}
