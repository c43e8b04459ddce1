import {
  STATUS_GROUPS,
  normalizeStatus,
  type SampleStatus,
  type sampleListQuerySchema,
} from "@lab/contracts";
import { samples } from "@lab/db";
import { asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";

import { invalidField, type Said } from "../../../lib/app-error";
import { searchFold } from "../../../lib/search-fold";

export type SampleListQuery = z.output<typeof sampleListQuerySchema>;

export const invalid = (said: Said) => invalidField(said);

// Day boundaries are the lab's: India Standard Time.
const LAB_UTC_OFFSET = "+05:30";
export const dayStart = (value: string) =>
  new Date(value.length === 10 ? `${value}T00:00:00${LAB_UTC_OFFSET}` : value);
export const dayEnd = (value: string) =>
  value.length === 10
    ? new Date(dayStart(value).getTime() + 86_400_000)
    : new Date(new Date(value).getTime() + 1);

export function statusesOf(filter: string): readonly SampleStatus[] | undefined {
  if (filter === "" || filter === "all") return undefined;
  if (Object.hasOwn(STATUS_GROUPS, filter)) return STATUS_GROUPS[filter as keyof typeof STATUS_GROUPS];
  const status = normalizeStatus(filter);
  if (!status) throw invalid("statusFilterInvalid");
  return [status];
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search over id, name, category, test types, phone, e-mail and place (what the lists' search box
 * covers), on the trigram-indexed search_text column. Phones are stored as E.164, so a typed phone is
 * matched on its digits whatever spaces or dashes it has.
 */
export function searchCondition(q: string): SQL | undefined {
  if (q === "") return undefined;
  const digits = q.replace(/[\s()+-]/g, "");
  const text = /^\d{3,15}$/.test(digits) ? digits : searchFold(q);
  const conditions: SQL[] = [sql`${samples.searchText} like ${`%${likeEscape(text)}%`}`];
  const idText = q.replace(/^#/, "");
  if (/^\d{1,10}$/.test(idText) && Number(idText) <= 2_147_483_647)
    conditions.push(eq(samples.id, Number(idText)));
  return or(...conditions);
}

export type Order = {
  column: typeof samples.updatedAt | typeof samples.createdAt;
  direction: "asc" | "desc";
};
export const orderOf = (sort: SampleListQuery["sort"]): Order =>
  sort === "createdAt:asc"
    ? { column: samples.createdAt, direction: "asc" }
    : sort === "createdAt:desc"
      ? { column: samples.createdAt, direction: "desc" }
      : { column: samples.updatedAt, direction: "desc" };
export const orderBy = ({ column, direction }: Order, reverse: boolean) =>
  (direction === "desc") !== reverse ? [desc(column), desc(samples.id)] : [asc(column), asc(samples.id)];
