import { createHash } from "node:crypto";

import { idSchema } from "@lab/contracts";
import { z } from "zod";

import type { DomainContext } from "../../context";
import type { SampleScope } from "../../organisations/access";
import { invalid, type SampleListQuery } from "./filters";
import type { Key } from "./keyset";

/**
 * The page cursor: the keys of a page's first and last rows, its page number, and a digest of the
 * query (customer, filters, sort, size) so that a cursor is only used for the query it came from.
 * Signed with a server key (purpose "cursor"): a client can hand back only cursors the server made,
 * and anything else is refused with a 400 rather than reaching the database.
 */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
/** Exact microsecond UTC text of a real instant: `2026-02-31T…` or `…T25:00…` are refused. */
const cursorTime = z.string().refine((value) => {
  const match = CURSOR_TIME.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const millis = new Date(`${value.slice(0, 23)}Z`);
  return (
    year >= 1970 &&
    !Number.isNaN(millis.getTime()) &&
    millis.toISOString().slice(0, 23) === value.slice(0, 23)
  );
});
// The run is an index into the list's runs: two at most (the pending group).
const cursorKey = z.tuple([z.number().int().min(0).max(1), cursorTime, idSchema()]);
const cursorSchema = z.strictObject({
  h: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  p: z.number().int().min(1).max(100_000),
  f: cursorKey,
  l: cursorKey,
});
type Cursor = { page: number; first: Key; last: Key };
const CURSOR_TEXT = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

export const queryDigest = (scope: SampleScope, query: SampleListQuery) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        scope.by,
        scope.id,
        query.q,
        query.status,
        query.from,
        query.to,
        query.sort,
        query.size,
      ]),
    )
    .digest("base64url")
    .slice(0, 16);

export function encodeCursor(ctx: DomainContext, digest: string, cursor: Cursor): string {
  const { page, first, last } = cursor;
  const body = { h: digest, p: page, f: [first.run, first.at, first.id], l: [last.run, last.at, last.id] };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${payload}.${ctx.signer.sign("cursor", payload)}`;
}

/**
 * The cursor sent back; undefined when there is none or it is a valid cursor of another query (the
 * list is then read by offset). A cursor the server did not sign, or whose content is out of range,
 * is a 400.
 */
export function decodeCursor(
  ctx: DomainContext,
  digest: string,
  text: string | undefined,
): Cursor | undefined {
  if (!text) return undefined;
  const refused = () => invalid("cursorInvalid");
  const parts = CURSOR_TEXT.exec(text);
  const payload = parts?.[1];
  const signature = parts?.[2];
  if (payload === undefined || signature === undefined) throw refused();
  if (!ctx.signer.verify("cursor", payload, signature)) throw refused();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  const parsed = cursorSchema.safeParse(body);
  if (!parsed.success) throw refused();
  if (parsed.data.h !== digest) return undefined;
  const [fRun, fAt, fId] = parsed.data.f;
  const [lRun, lAt, lId] = parsed.data.l;
  return {
    page: parsed.data.p,
    first: { run: fRun, at: fAt, id: fId },
    last: { run: lRun, at: lAt, id: lId },
  };
}

// Beyond this many rows between the page on screen and the one asked, counting from an end is as good.
const CURSOR_REACH = 1_000;

/** Where a page starts: a key of the cursor's page to walk on from, and how many rows to skip. */
export type Seek = {
  start: { run: number; after?: Key; inclusive?: boolean };
  backwards: boolean;
  skip: number;
};

/** The keyset way to the page asked from the page on screen, when the cursor fits and is near. */
export function seekFrom(cursor: Cursor | undefined, page: number, size: number): Seek | undefined {
  if (!cursor) return undefined;
  if (page === cursor.page) {
    // The same page again (a refresh): from its first row's place on.
    return {
      start: { run: cursor.first.run, after: cursor.first, inclusive: true },
      backwards: false,
      skip: 0,
    };
  }
  const skip = (Math.abs(page - cursor.page) - 1) * size;
  if (skip > CURSOR_REACH) return undefined;
  return page > cursor.page
    ? { start: { run: cursor.last.run, after: cursor.last }, backwards: false, skip }
    : { start: { run: cursor.first.run, after: cursor.first }, backwards: true, skip };
}
