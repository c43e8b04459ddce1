import { messages } from "@lab/contracts";
import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

import { AppError } from "../lib/app-error";
import { inboxKey } from "../lib/email-address";

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
  key: (req: Request) => string | undefined;
}

/** A rule counted by a handler itself, with a key it computes and points it chooses per call. */
export type RateBudget = Omit<RateLimitRule, "key">;

export interface RateLimits {
  middleware(rule: RateLimitRule): RequestHandler;
  /** Forgets what a rule counted for a key. */
  reset(rule: RateBudget, key: string): Promise<void>;
  /**
   * Takes `points` of a key's budget at once, all or none: 0 when taken, else the seconds until they
   * would fit (a refused call leaves the count as it was). Always 0 while limits are off.
   */
  take(rule: RateBudget, key: string, points: number): Promise<number>;
  /** Points a rule has counted for a key in its current window; looking counts nothing. */
  used(rule: RateBudget, key: string): Promise<number>;
}

/** Limits kept in Redis when it is configured (shared by every instance), else in this process. */
export function createRateLimits(options: {
  enabled: boolean;
  redis: Redis | undefined;
  /** Key prefix in the store; instances that share limits share it (tests give each app its own). */
  namespace?: string | undefined;
}): RateLimits {
  const namespace = options.namespace ?? "rl";
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateBudget): RateLimiterAbstract => {
    const existing = limiters.get(rule.name);
    if (existing) return existing;
    const settings = {
      keyPrefix: `${namespace}:${rule.name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    };
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
    async take(rule, key, points) {
      if (!options.enabled || points <= 0) return 0;
      const limiter = limiterFor(rule);
      try {
        await limiter.consume(key, points);
        return 0;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // The store added the points before refusing: give them back, so a refused call costs nothing.
        await limiter.reward(key, points).catch(() => undefined);
        return retryAfterSeconds(error);
      }
    },
    async used(rule, key) {
      if (!options.enabled) return 0;
      const state = await limiterFor(rule).get(key);
      return state?.consumedPoints ?? 0;
    },
    async reset(rule, key) {
      if (!options.enabled) return;
      await limiterFor(rule)
        .delete(key)
        .catch(() => undefined);
    },
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
          throw new AppError(429, "rate_limited", messages.tooManyRequests, {
            "Retry-After": String(retryAfterSeconds(error)),
          });
        }
        next();
      };
    },
  };
}

const retryAfterSeconds = (refusal: RateLimiterRes): number =>
  Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? "unknown";

/**
 * The e-mail in a JSON body as the inbox it reaches (`inboxKey`: no case, +tag or Gmail dots), for
 * per-address and per-account limits: variants of one inbox share one count.
 */
export const bodyEmail = (req: Request): string => {
  const body: unknown = req.body;
  const email = typeof body === "object" && body !== null && "email" in body ? body.email : "";
  return typeof email === "string" ? inboxKey(email.slice(0, 320)).slice(0, 254) : "";
};

/** Sign-in attempts allowed per client address, across every account it tries. */
export const SIGN_IN_PER_IP = { points: 30, durationSeconds: 900 };
/** Sign-in attempts allowed per account, from every address together. */
export const SIGN_IN_PER_ACCOUNT = { points: 10, durationSeconds: 900 };

/**
 * The sign-in limits of one kind of account (customers or staff): per IP across accounts, so one
 * address cannot spray many accounts, and per account across IPs, so many addresses cannot pool their
 * guesses at one. A successful sign-in clears its account's count.
 */
export function loginLimits(
  limits: RateLimits,
  name: string,
): { perIp: RequestHandler; perAccount: RequestHandler; succeeded(req: Request): Promise<void> } {
  const perIp: RateLimitRule = { name: `${name}-ip`, ...SIGN_IN_PER_IP, key: clientIp };
  const perAccount: RateLimitRule = {
    name: `${name}-account`,
    ...SIGN_IN_PER_ACCOUNT,
    key: (req) => bodyEmail(req) || undefined,
  };
  return {
    perIp: limits.middleware(perIp),
    perAccount: limits.middleware(perAccount),
    async succeeded(req) {
      const key = perAccount.key(req);
      if (key !== undefined) await limits.reset(perAccount, key);
    },
  };
}
