import { randomBytes } from "node:crypto";

import { LABEL_CODE_LENGTH, LABEL_CODE_PATTERN } from "@lab/contracts";
import { sampleCollections, sampleLabels, samples, type Executor, type Tx } from "@lab/db";
import { and, asc, eq, inArray, lte } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed by hand is not mistaken. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Containers printed when neither the caller nor a collection says how many. */
export const DEFAULT_LABEL_CONTAINERS = 2;
export const BLANK_LABELS_MAX = 100;
// A clash among 2^60 codes is all but impossible; a few retries only guard against a broken generator.
const CODE_ATTEMPTS = 5;

/** Twelve characters of Crockford's base32 from 60 random bits (a byte's low five bits each). */
export function newLabelCode(): string {
  const bytes = randomBytes(LABEL_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += CROCKFORD[byte & 31] ?? "0";
  return code;
}

/**
 * A code as typed or scanned, in its canonical form: upper case, spaces and hyphens dropped, and the
 * letters Crockford reads as digits (I and L as 1, O as 0) mapped. Null when it is no code.
 */
export function normaliseLabelCode(value: string): string | null {
  const code = value.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  return LABEL_CODE_PATTERN.test(code) ? code : null;
}

export interface PrintedLabel {
  code: string;
  container: number;
}

/** Inserts label rows with fresh codes, drawing again for any code that already exists. */
async function insertFresh(
  tx: Executor,
  rows: readonly { sampleId: number | null; container: number | null }[],
  now: Date,
): Promise<{ code: string; container: number | null }[]> {
  const made: { code: string; container: number | null }[] = [];
  let waiting = [...rows];
  for (let attempt = 0; attempt < CODE_ATTEMPTS && waiting.length > 0; attempt += 1) {
    const drawn = waiting.map((row) => ({
      ...row,
      code: newLabelCode(),
      createdAt: now,
      linkedAt: row.sampleId === null ? null : now,
    }));
    const inserted = await tx
      .insert(sampleLabels)
      .values(drawn)
      .onConflictDoNothing({ target: sampleLabels.code })
      .returning({ code: sampleLabels.code, container: sampleLabels.container });
    made.push(...inserted);
    const taken = new Set(inserted.map((row) => row.code));
    waiting = drawn.filter((row) => !taken.has(row.code));
  }
  if (waiting.length > 0) throw new Error("could not draw unique label codes");
  return made;
}

/** How many containers a sample's labels cover by default: its collection's count, else two. */
export async function defaultContainers(db: Executor, sampleId: number): Promise<number> {
  const [collection] = await db
    .select({ containers: sampleCollections.containers })
    .from(sampleCollections)
    .where(eq(sampleCollections.sampleId, sampleId));
  return collection?.containers ?? DEFAULT_LABEL_CONTAINERS;
}

/**
 * The labels of a sample's containers 1..N, made where missing (a label linked at the pond keeps
 * its code). The sample is locked so that two prints at once make one set.
 */
export async function sampleLabelSet(
  ctx: DomainContext,
  sampleId: number,
  containers: number | undefined,
): Promise<PrintedLabel[]> {
  return ctx.unitOfWork(async (tx: Tx) => {
    const [sample] = await tx
      .select({ id: samples.id })
      .from(samples)
      .where(eq(samples.id, sampleId))
      .for("update");
    if (!sample) throw notFound("sampleNotFound");
    const count = containers ?? (await defaultContainers(tx, sampleId));
    const existing = await tx
      .select({ code: sampleLabels.code, container: sampleLabels.container })
      .from(sampleLabels)
      .where(and(eq(sampleLabels.sampleId, sampleId), lte(sampleLabels.container, count)));
    const have = new Set(existing.map((row) => row.container));
    const missing = Array.from({ length: count }, (_, index) => index + 1).filter(
      (container) => !have.has(container),
    );
    const made = await insertFresh(
      tx,
      missing.map((container) => ({ sampleId, container })),
      ctx.now(),
    );
    return [...existing, ...made]
      .flatMap((row) => (row.container === null ? [] : [{ code: row.code, container: row.container }]))
      .sort((a, b) => a.container - b.container);
  });
}

/** Fresh codes linked to no sample: an agent's pre-printed stock, linked when scanned at the pond. */
export async function blankLabels(ctx: DomainContext, count: number): Promise<string[]> {
  return ctx.unitOfWork(async (tx) => {
    const made = await insertFresh(
      tx,
      Array.from({ length: count }, () => ({ sampleId: null, container: null })),
      ctx.now(),
    );
    return made.map((row) => row.code);
  });
}

/** The codes of a sample's labels in container order (what a collection and reception show). */
export async function labelCodesOf(
  db: Executor,
  sampleIds: readonly number[],
): Promise<Map<number, string[]>> {
  const codes = new Map<number, string[]>();
  if (sampleIds.length === 0) return codes;
  const rows = await db
    .select({ sampleId: sampleLabels.sampleId, code: sampleLabels.code })
    .from(sampleLabels)
    .where(inArray(sampleLabels.sampleId, [...sampleIds]))
    .orderBy(asc(sampleLabels.container));
  for (const row of rows) {
    if (row.sampleId === null) continue;
    codes.set(row.sampleId, [...(codes.get(row.sampleId) ?? []), row.code]);
  }
  return codes;
}
