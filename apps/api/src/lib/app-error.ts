import {
  englishText,
  messageOfText,
  messages,
  type AnyMessageParams,
  type ErrorCode,
  type Message,
  type MessageKey,
  type PlainMessageKey,
} from "@lab/contracts";

/** What an error says: a message without placeholders by its key, or a message with its values. */
export type Said = PlainMessageKey | Message;

/** A key or message, or the English text of a schema's issue (looked up as a message). */
export type SaidOrText = Message | string;

const isKey = (said: string): said is MessageKey => Object.hasOwn(messages, said);

/**
 * The one error type the API throws on purpose: status, stable class `code` and a message by key, so
 * the body carries the English text and the key a client shows in its reader's language. `field`
 * names the request field the error is about (a dotted path such as `farmers.2.phoneNumber`), so a
 * form can show the message beside that field rather than at its top. Raise it through the
 * factories below, one per class of error.
 */
export class AppError extends Error {
  /** The message's key; undefined only for a text that is none of contracts' messages. */
  readonly key: MessageKey | undefined;
  readonly params: AnyMessageParams | undefined;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    said: SaidOrText,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
  ) {
    // A string that is no key is an English text (a schema's issue): its message is looked up.
    const known: Message | undefined =
      typeof said !== "string" ? said : isKey(said) ? ({ key: said } as Message) : messageOfText(said);
    super(known !== undefined ? englishText(known.key, known.params) : typeof said === "string" ? said : "");
    this.name = "AppError";
    this.key = known?.key;
    this.params = known?.params;
  }

  /** What it says: its message by key, or the text that is none of contracts' messages. */
  get said(): SaidOrText {
    return this.key === undefined ? this.message : ({ key: this.key, params: this.params } as Message);
  }
}

/** Retry-After in whole seconds, at least one. */
export const retryAfter = (seconds: number): Record<string, string> => ({
  "Retry-After": String(Math.max(1, Math.ceil(seconds))),
});

/** 400: the request, or one of its fields, cannot be taken. */
export const invalidField = (said: Said, field?: string, code: ErrorCode = "validation_failed") =>
  new AppError(400, code, said, {}, field);

/** 401: no valid session (or, with `invalid_credentials`, a refused sign-in). */
export const unauthorized = (
  said: Said = "authRequired",
  code: ErrorCode = "unauthenticated",
  headers: Record<string, string> = {},
) => new AppError(401, code, said, headers);

/** 403: signed in, but not allowed. */
export const forbidden = (said: Said = "forbidden", code: ErrorCode = "forbidden") =>
  new AppError(403, code, said);

/** 404: nothing there, or nothing this caller may know of. */
export const notFound = (said: Said = "notFound", code: ErrorCode = "not_found") =>
  new AppError(404, code, said);

/** 409: the request clashes with the current state. */
export const conflict = (said: Said, options: { code?: ErrorCode; field?: string } = {}) =>
  new AppError(409, options.code ?? "conflict", said, {}, options.field);

/** 422: well formed, but the same key was used for another request. */
export const unprocessable = (said: Said, code: ErrorCode) => new AppError(422, code, said);

/** 429: too many requests; the wait goes out as Retry-After. */
export const rateLimited = (
  retryAfterSeconds: number,
  said: Said = "tooManyRequests",
  code: ErrorCode = "rate_limited",
) => new AppError(429, code, said, retryAfter(retryAfterSeconds));

/** 503: a part the API needs cannot be reached now. */
export const unavailable = (retryAfterSeconds: number, said: Said = "serviceUnavailable") =>
  new AppError(503, "service_unavailable", said, retryAfter(retryAfterSeconds));

/** 413: the body is larger than any request takes. */
export const tooLarge = (said: Said = "bodyTooLarge") => new AppError(413, "body_too_large", said);

/** 415: a body in an encoding or charset the API does not read. */
export const unsupportedMedia = (said: Said = "profileInvalidFormat") =>
  new AppError(415, "validation_failed", said);

/** 500: a failure the caller cannot fix. */
export const internal = (said: Said = "serverError") => new AppError(500, "internal", said);

/** A 400 about one request field. */
export const fieldError = (said: SaidOrText, field: string, code: ErrorCode = "validation_failed") =>
  new AppError(400, code, said, {}, field);

/** A zod issue path as the dotted field name of the error body; undefined for the body itself. */
export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  const parts = path.filter((part) => typeof part === "string" || typeof part === "number").map(String);
  return parts.length > 0 ? parts.join(".") : undefined;
}
