import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

import { rateLimited } from "../lib/app-error";
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
  /** The store behind a rule, for limits that need more than counting; undefined while limits are off. */
  store(rule: RateBudget): RateLimiterAbstract | undefined;
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
    store: (rule) => (options.enabled ? limiterFor(rule) : undefined),
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
          throw rateLimited(retryAfterSeconds(error));
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
/**
 * Per account, from every address together: the first failures are free, then each further attempt
 * waits a delay that doubles with every failure, up to a cap. Guesses pooled from many addresses get
 * about one try per cap, and the owner, whatever anyone else does, waits at most the cap. The count
 * lives for a day after the first failure, or until a success.
 */
export const SIGN_IN_BACKOFF = {
  freeFailures: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 120,
  windowSeconds: 86_400,
};

/** How long the account's next attempt waits after its n-th failure in a row (0: at once). */
export function signInDelaySeconds(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_BACKOFF;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (failures - freeFailures));
}

/**
 * The sign-in limits of one kind of account (customers or staff): per IP across accounts, so one
 * address cannot spray many accounts, and a growing delay per account across IPs, so many addresses
 * cannot pool their guesses at one, yet its owner is never shut out for long. A success (or a
 * password reset) clears the account's count.
 */
export function loginLimits(
  limits: RateLimits,
  name: string,
  /** The account a request signs in to (the body's e-mail unless said otherwise); "" when none. */
  account: (req: Request) => string = bodyEmail,
): { perIp: RequestHandler; perAccount: RequestHandler; succeeded(req: Request): Promise<void> } {
  const perIp: RateLimitRule = { name: `${name}-ip`, ...SIGN_IN_PER_IP, key: clientIp };
  const accountKey = (req: Request) => account(req) || undefined;
  const attempts = limits.store({
    name: `${name}-account`,
    points: SIGN_IN_BACKOFF.freeFailures,
    durationSeconds: SIGN_IN_BACKOFF.windowSeconds,
  });
  // Held for the delay the attempt under way earns if it fails; a success lets go at once.
  const turn = limits.store({
    name: `${name}-account-turn`,
    points: 1,
    durationSeconds: SIGN_IN_BACKOFF.maxDelaySeconds,
  });

  const perAccount: RequestHandler = async (req, _res, next) => {
    const key = accountKey(req);
    if (!attempts || !turn || key === undefined) return next();
    // Counted before the password is checked, so simultaneous guesses cannot all pass as early ones.
    const { consumedPoints } = await attempts.penalty(key);
    const delay = signInDelaySeconds(consumedPoints);
    if (delay > 0) {
      try {
        // One attempt at a time once delays apply; one refused here neither counts nor moves the delay.
        await turn.consume(key, 1, { customDuration: delay });
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await attempts.reward(key);
        throw rateLimited(error.msBeforeNext / 1000);
      }
    }
    next();
  };

  return {
    perIp: limits.middleware(perIp),
    perAccount,
    async succeeded(req) {
      const key = accountKey(req);
      if (key === undefined) return;
      await Promise.all([attempts?.delete(key), turn?.delete(key)]).catch(() => undefined);
    },
  };
}

/** Password-reset requests per client address, and reset attempts per account from all addresses. */
export const RESET_PER_IP = { points: 20, durationSeconds: 3600 };
export const RESET_PER_ACCOUNT = { points: 10, durationSeconds: 900 };

/**
 * The password-reset limits of one kind of account: `prefix` ("" for customers, "lab-" for staff)
 * keeps each kind's counts apart. perIp guards both the code request and the reset; perAccount the
 * reset alone, so the six-digit code cannot be guessed from many addresses.
 */
export function resetLimits(
  limits: RateLimits,
  prefix: string,
): { perIp: RequestHandler; perAccount: RequestHandler } {
  return {
    perIp: limits.middleware({ name: `${prefix}password-reset-ip`, ...RESET_PER_IP, key: clientIp }),
    perAccount: limits.middleware({ name: `${prefix}reset-account`, ...RESET_PER_ACCOUNT, key: bodyEmail }),
  };
}
