import type { ErrorCode } from "@lab/contracts";

/**
 * The one error type the API throws on purpose: status, stable code and a message safe to show.
 * `field` names the request field the error is about (a dotted path such as `farmers.2.phoneNumber`),
 * so a form can show the message beside that field rather than at its top.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A 400 about one request field. */
export const fieldError = (message: string, field: string, code: ErrorCode = "validation_failed") =>
  new AppError(400, code, message, {}, field);

/** A zod issue path as the dotted field name of the error body; undefined for the body itself. */
export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  const parts = path.filter((part) => typeof part === "string" || typeof part === "number").map(String);
  return parts.length > 0 ? parts.join(".") : undefined;
}
