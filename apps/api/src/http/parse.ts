import { messages } from "@lab/contracts";
import type { z } from "zod";

import { AppError, fieldPath } from "../lib/app-error";

/**
 * Parses a request part with a contracts schema; the first issue's message becomes a 400 naming the
 * issue's field. Text that cannot be stored (NUL, a lone surrogate) answers text_invalid, so clients
 * can tell it apart.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, fallback: string): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first ? fieldPath(first.path) : undefined;
  if (first?.message === messages.textInvalid) {
    throw new AppError(400, "text_invalid", messages.textInvalid, {}, field);
  }
  const message = first && !first.message.startsWith("Invalid input") ? first.message : fallback;
  throw new AppError(400, "validation_failed", message, {}, field);
}

/** A path id: digits within int4 (1..2147483647); anything else names no row, so 404. */
export function parseIdParam(value: unknown, notFoundMessage: string): number {
  const id = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AppError(404, "not_found", notFoundMessage);
  }
  return id;
}
