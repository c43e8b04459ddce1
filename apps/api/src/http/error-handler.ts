import { messages } from "@lab/contracts";
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";

import { AppError } from "./app-error";

interface BodyParserError {
  type?: unknown;
  status?: unknown;
}

function bodyParserError(error: unknown): AppError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { type } = error as BodyParserError;
  if (type === "entity.parse.failed") return new AppError(400, "malformed_json", messages.malformedJson);
  if (type === "entity.too.large") return new AppError(413, "body_too_large", messages.bodyTooLarge);
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return new AppError(415, "validation_failed", messages.profileInvalidFormat);
  }
  // Other client errors raised by middleware (a missing static asset, a bad URL encoding).
  const status = (error as BodyParserError).status;
  if (status === 404) return new AppError(404, "not_found", messages.notFound);
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new AppError(status, "validation_failed", messages.profileInvalid);
  }
  return undefined;
}

/** One error handler: known errors keep their status and message, anything else is a logged 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const known = error instanceof AppError ? error : bodyParserError(error);
    if (known) {
      res.set(known.headers).status(known.status).json({ error: known.message, code: known.code });
      return;
    }
    logger.error({ err: error }, "unhandled error");
    res.status(500).json({ error: messages.serverError, code: "internal" });
  };
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new AppError(404, "not_found", messages.notFound));
};
