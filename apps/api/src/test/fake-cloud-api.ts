import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server shaped as Meta's WhatsApp Business Cloud API documents it, for tests: the
 * `POST /{version}/{phone-number-id}/messages` endpoint with its bearer token, its template message
 * body, its answer and its Graph API error objects. It is written from the documentation, not from
 * the client under test: what it refuses is what the documentation says the Cloud API refuses.
 */

/** A template the fake knows as approved: its languages and how many body parameters it takes. */
export interface ApprovedTemplate {
  languages: readonly string[];
  bodyParameters: number;
}

export interface FakeCloudApiRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The body parsed as JSON; the raw text when it is not JSON. */
  body: unknown;
}

/** A template message the fake took, with the id it answered. */
export interface FakeCloudApiMessage {
  wamid: string;
  to: string;
  template: string;
  languageCode: string;
  bodyParameters: string[];
  /** The copy-code button's text, for an authentication template. */
  buttonParameter: string | undefined;
}

/** How the next request is answered instead of being taken. */
export type FakeFailure =
  | { kind: "rateLimit"; retryAfterSeconds?: number }
  | { kind: "serverError" }
  | { kind: "invalidRecipient" }
  /** Never answers (the client's timeout is tested with it). */
  | { kind: "hang" };

export interface FakeCloudApi {
  /** The versioned base URL, as WHATSAPP_API_URL. */
  url: string;
  token: string;
  phoneNumberId: string;
  /** Every request, in order, refused ones included. */
  requests: FakeCloudApiRequest[];
  /** Every message taken. */
  messages: FakeCloudApiMessage[];
  /** The next request(s) fail this way, once each, in order. */
  failNext(...failures: FakeFailure[]): void;
  close(): Promise<void>;
}

const MAX_BODY = 1_000_000;
const PARAMETER_TEXT_MAX = 32_768;

interface GraphError {
  status: number;
  message: string;
  type: string;
  code: number;
  subcode?: number;
  details?: string;
  headers?: Record<string, string>;
}

const fbtraceId = () => randomBytes(9).toString("base64url");

/** Meta's error object: `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`. */
function sendError(res: ServerResponse, error: GraphError): void {
  const body = {
    error: {
      message: error.message,
      type: error.type,
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      ...(error.details === undefined
        ? {}
        : { error_data: { messaging_product: "whatsapp", details: error.details } }),
      fbtrace_id: fbtraceId(),
    },
  };
  res.writeHead(error.status, { "Content-Type": "application/json", ...error.headers });
  res.end(JSON.stringify(body));
}

const invalidParameter = (details: string): GraphError => ({
  status: 400,
  message: "(#100) Invalid parameter",
  type: "OAuthException",
  code: 100,
  details,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A text parameter as the Cloud API takes it: no new line or tab, at most four spaces in a row. */
function parameterProblem(parameter: unknown): string | undefined {
  if (!isRecord(parameter) || parameter["type"] !== "text") return "each parameter must be of type text";
  const text = parameter["text"];
  if (typeof text !== "string" || text.length === 0) return "a text parameter needs a non-empty text";
  if (text.length > PARAMETER_TEXT_MAX) return "a text parameter is too long";
  if (/[\n\t]| {5,}/.test(text))
    return "Param text cannot have new-line/tab characters or more than 4 consecutive spaces";
  return undefined;
}

type Checked = { message: Omit<FakeCloudApiMessage, "wamid"> } | { error: GraphError };

/** The template message body as the Cloud API reference documents it. */
function checkTemplateMessage(
  body: unknown,
  approved: Record<string, ApprovedTemplate> | undefined,
): Checked {
  if (!isRecord(body)) return { error: invalidParameter("The request body must be a JSON object") };
  if (body["messaging_product"] !== "whatsapp")
    return { error: invalidParameter("messaging_product must be whatsapp") };
  if (body["recipient_type"] !== undefined && body["recipient_type"] !== "individual")
    return { error: invalidParameter("recipient_type must be individual") };
  const to = body["to"];
  if (typeof to !== "string" || !/^\d{8,15}$/.test(to))
    return { error: invalidParameter("to must be a phone number with its country code, digits only") };
  if (body["type"] !== "template") return { error: invalidParameter("type must be template") };
  const template = body["template"];
  if (!isRecord(template)) return { error: invalidParameter("template is required") };
  const name = template["name"];
  if (typeof name !== "string" || !/^[a-z0-9_]{1,512}$/.test(name))
    return { error: invalidParameter("template.name must be lowercase letters, digits and underscores") };
  const language = template["language"];
  const languageCode = isRecord(language) ? language["code"] : undefined;
  if (typeof languageCode !== "string" || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(languageCode))
    return { error: invalidParameter("template.language.code must be a template language code") };
  const components = template["components"] ?? [];
  if (!Array.isArray(components)) return { error: invalidParameter("template.components must be an array") };
  let bodyParameters: string[] = [];
  let buttonParameter: string | undefined;
  for (const component of components) {
    if (!isRecord(component)) return { error: invalidParameter("each component must be an object") };
    const parameters = component["parameters"];
    if (!Array.isArray(parameters)) return { error: invalidParameter("a component needs its parameters") };
    for (const parameter of parameters) {
      const problem = parameterProblem(parameter);
      if (problem) return { error: invalidParameter(problem) };
    }
    const texts = parameters.map((parameter: { text: string }) => parameter.text);
    if (component["type"] === "body") bodyParameters = texts;
    else if (component["type"] === "button") {
      if (component["sub_type"] !== "url" || typeof component["index"] !== "string")
        return { error: invalidParameter("a button component needs sub_type and index") };
      buttonParameter = texts[0];
    } else if (component["type"] !== "header") return { error: invalidParameter("unknown component type") };
  }
  if (approved) {
    const known = approved[name];
    if (!known || !known.languages.includes(languageCode)) {
      return {
        error: {
          status: 404,
          message: "(#132001) Template name does not exist in the translation",
          type: "OAuthException",
          code: 132001,
          details: `template name (${name}) does not exist in ${languageCode}`,
        },
      };
    }
    if (known.bodyParameters !== bodyParameters.length) {
      return {
        error: {
          status: 400,
          message: "(#132000) Number of parameters does not match the expected number of params",
          type: "OAuthException",
          code: 132000,
          details: `body: number of localizable_params (${bodyParameters.length}) does not match the expected number of params (${known.bodyParameters})`,
        },
      };
    }
  }
  return { message: { to, template: name, languageCode, bodyParameters, buttonParameter } };
}

function failureError(failure: Exclude<FakeFailure, { kind: "hang" }>): GraphError {
  switch (failure.kind) {
    case "rateLimit":
      return {
        status: 429,
        message: "(#130429) Rate limit hit",
        type: "OAuthException",
        code: 130429,
        details: "Cloud API message throughput has been reached.",
        headers:
          failure.retryAfterSeconds === undefined ? {} : { "Retry-After": String(failure.retryAfterSeconds) },
      };
    case "serverError":
      return {
        status: 500,
        message: "(#131000) Something went wrong",
        type: "OAuthException",
        code: 131000,
        details: "Message failed to send due to an unknown error.",
      };
    case "invalidRecipient":
      return {
        status: 400,
        message: "(#131026) Message Undeliverable.",
        type: "OAuthException",
        code: 131026,
        details: "Message Undeliverable.",
      };
  }
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the fake on 127.0.0.1, port 0. */
export async function startFakeCloudApi(
  options: {
    token?: string;
    phoneNumberId?: string;
    version?: string;
    /** When given, only these templates in these languages are taken (132001, 132000 otherwise). */
    approvedTemplates?: Record<string, ApprovedTemplate>;
  } = {},
): Promise<FakeCloudApi> {
  const token = options.token ?? "EAAG-test-token";
  const phoneNumberId = options.phoneNumberId ?? "106540352242922";
  const version = options.version ?? "v21.0";
  const requests: FakeCloudApiRequest[] = [];
  const messages: FakeCloudApiMessage[] = [];
  const failures: FakeFailure[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      let body: unknown = text;
      try {
        body = text === undefined ? undefined : (JSON.parse(text) as unknown);
      } catch {
        // Kept as text: the request shows what was sent.
      }
      requests.push({
        method: req.method ?? "",
        path,
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        body,
      });
      if (text === undefined) {
        sendError(res, invalidParameter("Request body too large"));
        return;
      }
      const match = new RegExp(`^/${version}/([^/]+)/messages$`).exec(path);
      if (req.method !== "POST" || !match) {
        sendError(res, {
          status: 400,
          message: "Unsupported request - method type: " + (req.method ?? "").toLowerCase(),
          type: "GraphMethodException",
          code: 100,
        });
        return;
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        sendError(res, {
          status: 401,
          message: "Invalid OAuth access token - Cannot parse access token",
          type: "OAuthException",
          code: 190,
        });
        return;
      }
      if (match[1] !== phoneNumberId) {
        sendError(res, {
          status: 400,
          message: `Unsupported post request. Object with ID '${match[1] ?? ""}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          type: "GraphMethodException",
          code: 100,
          subcode: 33,
        });
        return;
      }
      const failure = failures.shift();
      if (failure?.kind === "hang") {
        hanging.add(res);
        return;
      }
      if (failure) {
        sendError(res, failureError(failure));
        return;
      }
      if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
        sendError(res, invalidParameter("Content-Type must be application/json"));
        return;
      }
      const checked = checkTemplateMessage(body, options.approvedTemplates);
      if ("error" in checked) {
        sendError(res, checked.error);
        return;
      }
      const wamid = `wamid.${randomBytes(24).toString("base64")}`;
      messages.push({ wamid, ...checked.message });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          messaging_product: "whatsapp",
          contacts: [{ input: checked.message.to, wa_id: checked.message.to }],
          messages: [{ id: wamid, message_status: "accepted" }],
        }),
      );
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${version}`,
    token,
    phoneNumberId,
    requests,
    messages,
    failNext(...next) {
      failures.push(...next);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One status of a sent message, as the `messages` webhook carries it. */
export interface StatusUpdate {
  /** The wamid. */
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  /** Unix seconds; now when not given. */
  timestamp?: number;
  recipientId?: string;
  errors?: { code: number; title: string; message?: string; details?: string }[];
}

/** The `messages` webhook's body for some statuses, as Meta posts it. */
export function statusWebhookBody(statuses: StatusUpdate[], phoneNumberId = "106540352242922") {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              statuses: statuses.map((update) => ({
                id: update.id,
                status: update.status,
                timestamp: String(update.timestamp ?? Math.floor(Date.now() / 1000)),
                recipient_id: update.recipientId ?? "919440012345",
                ...(update.status === "failed" || update.errors
                  ? {
                      errors: (update.errors ?? []).map((error) => ({
                        code: error.code,
                        title: error.title,
                        message: error.message ?? error.title,
                        error_data: { details: error.details ?? error.title },
                      })),
                    }
                  : {
                      conversation: { id: randomBytes(16).toString("hex"), origin: { type: "utility" } },
                      pricing: { billable: true, pricing_model: "PMP", category: "utility" },
                    }),
              })),
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

/** `sha256=` and the hex HMAC-SHA256 of the body under the app secret: X-Hub-Signature-256. */
export const hubSignature = (body: string | Buffer, appSecret: string): string =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

/**
 * Posts a status webhook for one message as Meta does: a JSON body signed with the app secret in
 * X-Hub-Signature-256. `sign: "wrong"` signs with another secret, `"none"` sends no signature.
 */
export async function postStatus(
  webhookUrl: string,
  appSecret: string,
  update: StatusUpdate | StatusUpdate[],
  options: { sign?: "right" | "wrong" | "none" } = {},
): Promise<{ status: number; text: string }> {
  const body = JSON.stringify(statusWebhookBody(Array.isArray(update) ? update : [update]));
  return postSigned(webhookUrl, appSecret, body, options);
}

/** Posts any body to the webhook, signed as `postStatus` does: hostile bodies with a valid signature. */
export async function postSigned(
  webhookUrl: string,
  appSecret: string,
  body: string | Buffer,
  options: { sign?: "right" | "wrong" | "none"; contentType?: string } = {},
): Promise<{ status: number; text: string }> {
  const sign = options.sign ?? "right";
  const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/json" };
  if (sign !== "none")
    headers["X-Hub-Signature-256"] = hubSignature(body, sign === "right" ? appSecret : `${appSecret}-not`);
  const response = await fetch(webhookUrl, { method: "POST", headers, body });
  return { status: response.status, text: await response.text() };
}
