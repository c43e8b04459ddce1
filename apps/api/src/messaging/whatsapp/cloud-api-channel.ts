import type { Logger } from "pino";
import { z } from "zod";

import { ChannelError, type OutgoingWhatsApp, type WhatsAppChannel } from "../channels";
import { isAuthenticationTemplate } from "./whatsapp-templates";

export interface WhatsAppChannelOptions {
  /** The Graph API's versioned base, e.g. https://graph.facebook.com/v21.0 (tests: a local server). */
  apiUrl: string;
  /** A system user's access token with whatsapp_business_messaging. */
  token: string;
  /** The sending number's id in the Cloud API (not the number itself). */
  phoneNumberId: string;
  logger: Logger;
  fetch?: typeof fetch;
  /** How long one request may take, its answer included (10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Throughput limits: the message may go later (Meta's error codes). */
const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([
  4, // the app's call limit
  80007, // the WhatsApp Business account's rate limit
  130429, // the number's messages-per-second limit
  131048, // spam rate limit: too many messages from this number
  131056, // too many messages to the same recipient
]);

/** Meta's side is down or could not tell: the message may go later. */
const TEMPORARY_CODES: ReadonlySet<number> = new Set([
  1, // unknown API error
  2, // API service temporarily unavailable
  131000, // something went wrong
  131016, // service unavailable
  133004, // server temporarily unavailable
]);

/**
 * The token or the number's set-up is wrong (expired token, missing permission, number not
 * registered): no message can go until the lab fixes the configuration, so each waits and is retried
 * rather than being failed for a fault that is not its own.
 */
const CONFIGURATION_CODES: ReadonlySet<number> = new Set([0, 3, 10, 190, 133010]);

const isConfigurationCode = (code: number): boolean =>
  CONFIGURATION_CODES.has(code) || (code >= 200 && code <= 299);

/** The Graph API's error object; Meta documents `code` as a number, some proxies send a string. */
const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
    error_subcode: z.union([z.number(), z.string()]).optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const sentSchema = z.object({
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});

interface TemplateComponent {
  type: "body" | "button";
  sub_type?: "url";
  index?: string;
  parameters: { type: "text"; text: string }[];
}

/** The Cloud API's template message, as its reference documents it. */
export function templateRequest(message: OutgoingWhatsApp) {
  const text = (value: string) => ({ type: "text" as const, text: value });
  const components: TemplateComponent[] = [];
  if (message.parameters.length > 0)
    components.push({ type: "body", parameters: message.parameters.map(text) });
  const code = message.parameters[0];
  // An authentication template's copy-code button carries the code again.
  if (isAuthenticationTemplate(message.template) && code !== undefined)
    components.push({ type: "button", sub_type: "url", index: "0", parameters: [text(code)] });
  return {
    messaging_product: "whatsapp" as const,
    recipient_type: "individual" as const,
    // The Cloud API takes the number with its country code and without the "+".
    to: message.to.replace(/\D/g, ""),
    type: "template" as const,
    template: {
      name: message.template,
      language: { code: message.languageCode },
      ...(components.length > 0 ? { components } : {}),
    },
  };
}

/** Retry-After in seconds or as an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** "(#131026) Message Undeliverable." → "Message Undeliverable." */
const titleOf = (message: string | undefined): string | undefined =>
  message
    ?.replace(/^\(#\d+\)\s*/, "")
    .trim()
    .slice(0, 200) || undefined;

/** What a refused request means for the message: its reason, and whether it may go later. */
function refusal(status: number, body: unknown, retryAfter: number | undefined): ChannelError {
  const parsed = graphErrorSchema.safeParse(body);
  const error = parsed.success ? parsed.data.error : undefined;
  const code = error?.code;
  const title = titleOf(error?.message);
  const reason =
    code === undefined ? `HTTP ${status}${title ? ` ${title}` : ""}` : `${code} ${title ?? ""}`.trim();
  const described = `Cloud API refused the message: ${reason}`;
  if (status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code)))
    return new ChannelError(described, false, reason, retryAfter);
  if (status >= 500 || (code !== undefined && TEMPORARY_CODES.has(code)))
    return new ChannelError(described, false, reason, retryAfter);
  if (status === 401 || status === 403 || (code !== undefined && isConfigurationCode(code)))
    return new ChannelError(described, false, reason, retryAfter);
  // Anything else the request itself is wrong for: a number that cannot get WhatsApp messages
  // (131026, 131030), a template missing, paused or given the wrong parameters (132000–132016).
  return new ChannelError(described, true, reason);
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The WhatsApp Business Cloud API as a channel: one approved template message per request to
 * `POST {apiUrl}/{phoneNumberId}/messages`, answered with the message's id (wamid) that its status
 * webhooks name. A request that times out is retried by the sender; the Cloud API may have taken it,
 * so that member can get the message twice (the API has no idempotency key).
 */
export function createWhatsAppChannel(options: WhatsAppChannelOptions): WhatsAppChannel {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const endpoint = `${options.apiUrl.replace(/\/+$/, "")}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const running = new Set<AbortController>();
  let closed = false;

  return {
    async send(message) {
      if (closed) throw new ChannelError("WhatsApp channel closed", false, "channel closed");
      const controller = new AbortController();
      running.add(controller);
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        let status: number;
        let text: string;
        let retryAfter: number | undefined;
        try {
          const response = await doFetch(endpoint, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${options.token}`,
              "Content-Type": "application/json",
              Accept: "application/json",
            },
            body: JSON.stringify(templateRequest(message)),
            signal: controller.signal,
            redirect: "error",
          });
          status = response.status;
          retryAfter = retryAfterMs(response.headers.get("retry-after"));
          text = await response.text();
        } catch (error) {
          const reason = controller.signal.aborted
            ? closed
              ? "channel closed"
              : `no answer within ${timeoutMs / 1000} s`
            : `network error: ${error instanceof Error ? error.message : String(error)}`;
          options.logger.warn({ messageId: message.messageId, reason }, "WhatsApp Cloud API unreachable");
          throw new ChannelError(`Cloud API unreachable: ${reason}`, false, reason);
        }
        const body = parseJson(text);
        if (status >= 200 && status < 300) {
          const sent = sentSchema.safeParse(body);
          const first = sent.success ? sent.data.messages[0] : undefined;
          if (first) return { providerId: first.id };
          // Taken, but nothing to follow it by: sending it again could deliver it twice.
          options.logger.error(
            { messageId: message.messageId, status },
            "WhatsApp Cloud API accepted a message without its id",
          );
          throw new ChannelError(
            "Cloud API answered without a message id",
            true,
            "accepted without a message id",
          );
        }
        const error = refusal(status, body, retryAfter);
        options.logger.warn(
          {
            messageId: message.messageId,
            status,
            reason: error.reason,
            permanent: error.permanent,
            retryAfterMs: error.retryAfterMs,
          },
          "WhatsApp Cloud API refused a message",
        );
        throw error;
      } finally {
        clearTimeout(timer);
        running.delete(controller);
      }
    },
    close() {
      closed = true;
      for (const controller of running) controller.abort();
      running.clear();
      return Promise.resolve();
    },
  };
}
