import type { ErrorCode } from "@lab/contracts";

/** The one error type the API throws on purpose: status, stable code and a message safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}
