import type { MailToSend } from "./outbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SIGNATURE = "AquaTest Laboratory";

/** The double opt-in mail: nothing is sent to the address until its owner opens confirmUrl. */
export function newsletterConfirmMail(to: string, confirmUrl: string, unsubscribeUrl: string): MailToSend {
  const text = [
    "Hello,",
    "Someone, probably you, asked to receive the AquaTest Laboratory newsletter at this address: new articles and testing updates, once a month.",
    `Confirm your subscription: ${confirmUrl}`,
    "If you did not ask for it, ignore this e-mail: without the confirmation we send you nothing more.",
    `Unsubscribe at any time: ${unsubscribeUrl}`,
    SIGNATURE,
  ].join("\n\n");
  const html = `<p>Hello,</p>
<p>Someone, probably you, asked to receive the AquaTest Laboratory newsletter at this address: new articles and testing updates, once a month.</p>
<p><a href="${escapeHtml(confirmUrl)}">Confirm your subscription</a></p>
<p>If you did not ask for it, ignore this e-mail: without the confirmation we send you nothing more.</p>
<p><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> at any time.</p>
<p>${SIGNATURE}</p>`;
  return {
    to: [to],
    subject: "Confirm your newsletter subscription",
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
  };
}
