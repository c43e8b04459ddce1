import type { z } from "zod";

import { AppError, fieldPath, invalidField, notFound, type Said } from "../lib/app-error";

/**
 * Parses a request part with a contracts schema; the first issue's message becomes a 400 naming the
 * issue's field. Schemas carry their messages as English texts, so the text is looked up as a
 * contracts message here, once, and the error raised by its key. Text that cannot be stored (NUL, a
 * lone surrogate) answers text_invalid, so clients can tell it apart. zod's own generic messages
 * ("Invalid input…") give way to `fallback`.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, fallback: Said): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first ? fieldPath(first.path) : undefined;
  if (!first || first.message.startsWith("Invalid input")) throw invalidField(fallback, field);
  const issue = new AppError(400, "validation_failed", first.message, {}, field);
  if (issue.key === "textInvalid") throw invalidField("textInvalid", field, "text_invalid");
  throw issue;
}

/** A path id: digits within int4 (1..2147483647); anything else names no row, so 404. */
export function parseIdParam(value: unknown, notFoundMessage: Said): number {
  const id = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(notFoundMessage);
  return id;
}
