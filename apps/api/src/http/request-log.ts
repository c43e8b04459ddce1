import { randomUUID } from "node:crypto";

import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";

// An incoming id is kept only when it is a short token that cannot smuggle anything into a log line.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
// Path segments kept as they are: lower-case words (route names). Ids, certificate numbers and any
// token in a path (an unsubscribe link) become ":param".
const ROUTE_WORD = /^[a-z][a-z_-]{0,39}$/;

/** The request's id, set by requestLog (a fresh one when the request did not pass through it). */
export function requestIdOf(res: Response): string {
  const id: unknown = res.locals["requestId"];
  return typeof id === "string" ? id : "-";
}

/** The request's path without its query and with every parameter-like segment masked. */
export function routeOf(req: Request): string {
  const path = req.originalUrl.split("?")[0] ?? "";
  const masked = path
    .split("/")
    .map((segment) => (segment === "" || ROUTE_WORD.test(segment) ? segment : ":param"))
    .join("/");
  return `${req.method} ${masked}`;
}

/**
 * Gives every request an id (X-Request-Id, answered back) and writes one log line a request when its
 * response is finished: id, method, route (no query string, no ids or tokens), status and time.
 * Written here rather than with pino-http, which makes a child logger for every request even when
 * nothing is logged: about a tenth of the list's throughput at 50 connections (docs/performance.md).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals["requestId"] = id;
    res.setHeader("X-Request-Id", id);
    if (!logger.isLevelEnabled("info") || req.path === "/api/health") {
      next();
      return;
    }
    const started = performance.now();
    res.once("finish", () => {
      const line = {
        reqId: id,
        route: routeOf(req),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (res.statusCode >= 500) logger.error(line, "request errored");
      else logger.info(line, "request completed");
    });
    next();
  };
}
