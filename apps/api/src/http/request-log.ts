import type { RequestHandler } from "express";
import type { Logger } from "pino";

/**
 * One log line a request, when its response is finished: method, path (no query string: searches and
 * e-mail addresses stay out of logs), status and time. Written here rather than with pino-http, which
 * makes a child logger for every request even when nothing is logged: about a tenth of the list's
 * throughput at 50 connections (docs/performance.md).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled("info") || req.path === "/api/health") {
      next();
      return;
    }
    const started = performance.now();
    res.once("finish", () => {
      const line = {
        req: { method: req.method, url: req.originalUrl.split("?")[0] },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (res.statusCode >= 500) logger.error(line, "request errored");
      else logger.info(line, "request completed");
    });
    next();
  };
}
