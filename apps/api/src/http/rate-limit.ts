import { messages } from "@lab/contracts";
import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

import { AppError } from "./app-error";

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
  key: (req: Request) => string | undefined;
}

export interface RateLimits {
  middleware(rule: RateLimitRule): RequestHandler;
}

/** Limits kept in Redis when it is configured (shared by every instance), else in this process. */
export function createRateLimits(options: { enabled: boolean; redis: Redis | undefined }): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateLimitRule): RateLimiterAbstract => {
    const existing = limiters.get(rule.name);
    if (existing) return existing;
    const settings = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    const limiter = options.redis
      ? new RateLimiterRedis({
          ...settings,
          storeClient: options.redis,
          // Redis down: fall back to per-process limits rather than refusing every request.
          insuranceLimiter: new RateLimiterMemory(settings),
        })
      : new RateLimiterMemory(settings);
    limiters.set(rule.name, limiter);
    return limiter;
  };

  return {
    middleware(rule) {
      if (!options.enabled) return (_req, _res, next) => next();
      const limiter = limiterFor(rule);
      return async (req, _res, next) => {
        const key = rule.key(req);
        if (key === undefined) return next();
        try {
          await limiter.consume(key);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          const retryAfter = String(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
          throw new AppError(429, "rate_limited", messages.tooManyRequests, { "Retry-After": retryAfter });
        }
        next();
      };
    },
  };
}

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** The e-mail in a JSON body, lower-cased, for per-account limits. */
export const bodyEmail = (req: Request): string => {
  const body: unknown = req.body;
  const email =
    typeof body === "object" && body !== null && "email" in body ? (body as { email: unknown }).email : "";
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 254) : "";
};
