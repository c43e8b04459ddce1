import { messageCodeOfKey, type ErrorBody } from "@lab/contracts";
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";

import { databaseFailureOf, errorSummary } from "../lib/db-errors";
import {
  AppError,
  internal,
  invalidField,
  notFound,
  tooLarge,
  unavailable,
  unsupportedMedia,
} from "../lib/app-error";
import { requestIdOf, routeOf } from "./request-log";

interface BodyParserError {
  type?: unknown;
  status?: unknown;
}

function bodyParserError(error: unknown): AppError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { type } = error as BodyParserError;
  if (type === "entity.parse.failed") return invalidField("malformedJson", undefined, "malformed_json");
  if (type === "entity.too.large") return tooLarge();
  if (type === "encoding.unsupported" || type === "charset.unsupported") return unsupportedMedia();
  // Other client errors raised by middleware (a missing static asset, a bad URL encoding).
  const status = (error as BodyParserError).status;
  if (status === 404) return notFound();
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new AppError(status, "validation_failed", "profileInvalid");
  }
  return undefined;
}

const RETRY_AFTER_SECONDS = 5;

/**
 * The JSON error body: the English message, its class `code`, the message's own `messageCode` and the
 * values of its placeholders (clients show that message in their reader's language) and, when the
 * error is about one field, that field.
 */
export function errorBody(error: Pick<AppError, "message" | "code" | "field" | "key" | "params">): ErrorBody {
  return {
    error: error.message,
    code: error.code,
    ...(error.key === undefined ? {} : { messageCode: messageCodeOfKey(error.key) }),
    ...(error.params === undefined ? {} : { params: error.params }),
    ...(error.field === undefined ? {} : { field: error.field }),
  };
}

/** A database failure by its class: a value the database refuses is a 400, an unreachable one a 503. */
function databaseError(error: unknown): AppError | undefined {
  switch (databaseFailureOf(error)) {
    case "invalid":
      return invalidField("databaseRefused");
    case "unavailable":
      return unavailable(RETRY_AFTER_SECONDS);
    default:
      return undefined;
  }
}

/**
 * One error handler: known errors keep their status and message, database failures are mapped by
 * class, anything else is a 500. Logs name the error's class and code, the request id and the route,
 * never the error's message: drizzle's carries the SQL with its parameters (hashes, names, e-mails).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = error instanceof AppError ? error : bodyParserError(error);
    if (known) {
      res.set(known.headers).status(known.status).json(errorBody(known));
      return;
    }
    const line = { reqId: requestIdOf(res), route: routeOf(req), err: errorSummary(error) };
    const mapped = databaseError(error);
    if (mapped) {
      // A refused value means some schema let it through; worth a warning, not an alarm.
      logger.warn(line, mapped.status === 503 ? "database unavailable" : "database refused a value");
      res.set(mapped.headers).status(mapped.status).json(errorBody(mapped));
      return;
    }
    logger.error(line, "unhandled error");
    res.status(500).json(errorBody(internal()));
  };
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound());
};
