import { createHash } from "node:crypto";

import { idempotencyKeys } from "@lab/db";
import { and, eq, lt } from "drizzle-orm";
import type { Request, Response } from "express";

import type { DomainContext } from "../domain/context";
import { conflict, invalidField, unprocessable } from "../lib/app-error";

/** How long a key counts; after that the same key is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

// RFC draft "The Idempotency-Key HTTP Header Field": any string; we bound it to what is safe to store.
const KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

/** The `Idempotency-Key` header: undefined when absent, a 400 when present but not 1–200 printable ASCII. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const value = req.headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !KEY_PATTERN.test(value)) {
    throw invalidField("idempotencyKeyInvalid", undefined, "idempotency_key_invalid");
  }
  return value;
}

/** Objects with their keys sorted, recursively: one spelling per value, whatever the client's key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, item]) => [name, canonical(item)]),
    );
  }
  return value;
}

/** sha256 (hex) of the canonical JSON of a parsed request body. */
export const requestHashOf = (body: unknown): string =>
  createHash("sha256")
    .update(JSON.stringify(canonical(body)) ?? "null")
    .digest("hex");

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotentRequest {
  customerId: number;
  /** Which create the key belongs to: keys are per customer and per endpoint. */
  endpoint: string;
  key: string | undefined;
  /** The parsed body; its hash tells a retry from a different request under the same key. */
  input: unknown;
}

/**
 * Runs a create once per key. The key row is inserted first, in the same transaction as the create:
 * a concurrent request with the same key blocks on the primary key until the first commits (then
 * replays its answer) or rolls back (then runs itself). Failures roll the key back with everything
 * else, so a request that failed may be retried with the same key. Expired keys of the customer are
 * deleted in the same transaction, a cheap primary-key-prefix delete, so no periodic job is needed.
 * `run` gets the unit's context: its own units join this one, so its effects (events, wake-ups) run
 * only after the outer commit (a NOTIFY sent inside it is delivered by Postgres only then, too).
 */
export async function runIdempotent(
  ctx: DomainContext,
  request: IdempotentRequest,
  run: (ctx: DomainContext) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentAnswer> {
  const { key } = request;
  if (key === undefined) return { ...(await run(ctx)), replayed: false };
  const requestHash = requestHashOf(request.input);
  return ctx.unitOfWork(async (tx, _effects, inner): Promise<IdempotentAnswer> => {
    const now = ctx.now();
    const thisKey = and(
      eq(idempotencyKeys.customerId, request.customerId),
      eq(idempotencyKeys.endpoint, request.endpoint),
      eq(idempotencyKeys.key, key),
    );
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.customerId, request.customerId),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
        ),
      );
    // A placeholder no one else sees: it is replaced below before this transaction commits.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...request, key, requestHash, responseStatus: 0, responseBody: {}, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!stored) throw conflict("idempotencyKeyReused");
      if (stored.requestHash !== requestHash) {
        throw unprocessable("idempotencyKeyReused", "idempotency_key_reused");
      }
      return { status: stored.responseStatus, body: stored.responseBody, replayed: true };
    }
    const result = await run(inner);
    // What the client receives is JSON: store exactly that, so the replay equals the first answer.
    const body: unknown = JSON.parse(JSON.stringify(result.body) ?? "null");
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: body })
      .where(thisKey);
    return { status: result.status, body, replayed: false };
  });
}

/** Sends the answer; a replay says so in `Idempotent-Replayed`, a header clients may ignore. */
export function sendIdempotent(res: Response, answer: IdempotentAnswer): void {
  if (answer.replayed) res.setHeader("Idempotent-Replayed", "true");
  res.status(answer.status).json(answer.body);
}
