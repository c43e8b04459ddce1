import {
  DEFAULT_NOTICE_CHANNELS,
  NOTICE_CHANNELS,
  PREFERENCE_KINDS,
  type NoticeChannel,
  type NoticePreferences,
  type PreferenceKind,
} from "@lab/contracts";
import { customers, noticePreferences, type Executor } from "@lab/db";
import { and, eq, inArray } from "drizzle-orm";

import { AppError, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";

/** Where one kind of notice reaches a member besides the bell, and whether SMS stands in for WhatsApp. */
export interface NoticeChoice {
  channels: NoticeChannel[];
  smsFallback: boolean;
}

/** Channels in one order whatever order they were chosen in, each once. */
const inOrder = (channels: readonly NoticeChannel[]): NoticeChannel[] =>
  NOTICE_CHANNELS.filter((channel) => channels.includes(channel));

/**
 * Each member's channels for one kind of notice, in the caller's transaction: their saved choice, or
 * the defaults when they saved none for that kind. A member that does not exist is left out.
 */
export async function noticeChannelsOf(
  tx: Executor,
  customerIds: readonly number[],
  kind: PreferenceKind,
): Promise<Map<number, NoticeChoice>> {
  const choices = new Map<number, NoticeChoice>();
  if (customerIds.length === 0) return choices;
  const rows = await tx
    .select({
      id: customers.id,
      smsFallback: customers.smsFallback,
      channels: noticePreferences.channels,
    })
    .from(customers)
    .leftJoin(
      noticePreferences,
      and(eq(noticePreferences.customerId, customers.id), eq(noticePreferences.kind, kind)),
    )
    .where(inArray(customers.id, [...new Set(customerIds)]));
  for (const row of rows) {
    choices.set(row.id, {
      channels: inOrder(row.channels ?? DEFAULT_NOTICE_CHANNELS[kind]),
      smsFallback: row.smsFallback,
    });
  }
  return choices;
}

/**
 * The members among `readers` who take this kind of notice by e-mail (by default they all do, as
 * before preferences existed), in their order.
 */
export async function choosingEmail<R extends { id: number }>(
  tx: Executor,
  readers: readonly R[],
  kind: PreferenceKind,
): Promise<R[]> {
  const choices = await noticeChannelsOf(
    tx,
    readers.map((reader) => reader.id),
    kind,
  );
  return readers.filter((reader) => choices.get(reader.id)?.channels.includes("email") === true);
}

/** A member's notice choices for every kind, with what they need: a phone number, an address. */
export interface PreferencesView {
  channels: Record<PreferenceKind, NoticeChannel[]>;
  smsFallback: boolean;
  /** E.164, or none on the account. */
  phoneNumber: string | null;
  email: string | null;
  language: string;
}

async function contactOf(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      phoneNumber: customers.phoneNumber,
      email: customers.email,
      language: customers.language,
      smsFallback: customers.smsFallback,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw notFound("customerNotFound");
  // Read through a wider type: an account may have no address (a phone-only member).
  const email: string | null = row.email;
  return { ...row, email };
}

/** Whether the account has what a channel needs: a phone number for SMS and WhatsApp, an address for e-mail. */
const reaches = (contact: { phoneNumber: string | null; email: string | null }, channel: NoticeChannel) =>
  channel === "email" ? contact.email !== null : contact.phoneNumber !== null;

/**
 * The signed-in member's notice choices for every kind (the defaults where they saved none), as they
 * reach them now: a channel the account cannot take (no phone number, no address) is left out, so
 * what is read can be saved back as it is.
 */
export async function readPreferences(ctx: DomainContext, customerId: number): Promise<PreferencesView> {
  // One after the other: inside a save, both read through the same transaction.
  const contact = await contactOf(ctx.db, customerId);
  const rows = await ctx.db
    .select({ kind: noticePreferences.kind, channels: noticePreferences.channels })
    .from(noticePreferences)
    .where(eq(noticePreferences.customerId, customerId));
  const saved = new Map(rows.map((row) => [row.kind, row.channels]));
  const shown = (kind: PreferenceKind) =>
    inOrder(saved.get(kind) ?? DEFAULT_NOTICE_CHANNELS[kind]).filter((channel) => reaches(contact, channel));
  // Spelt out: a new kind of notice is then a compile error here until it is shown.
  const channels: Record<PreferenceKind, NoticeChannel[]> = {
    sampleCollected: shown("sampleCollected"),
    sampleRejected: shown("sampleRejected"),
    reportReleased: shown("reportReleased"),
    screeningFailed: shown("screeningFailed"),
    reportRevoked: shown("reportRevoked"),
    invitation: shown("invitation"),
  };
  return {
    channels,
    smsFallback: contact.smsFallback,
    phoneNumber: contact.phoneNumber,
    email: contact.email,
    language: contact.language,
  };
}

/** 422: the choice is well formed, but the account lacks what a chosen channel needs. */
const cannotReach = (said: "noticePhoneMissing" | "noticeEmailMissing", kind: PreferenceKind) =>
  new AppError(422, "validation_failed", said, {}, `channels.${kind}`);

/**
 * Replaces the member's notice choices in one transaction: a row for every kind (a kind chosen with
 * no channel reaches them by the bell only) and whether SMS stands in for WhatsApp. SMS or WhatsApp
 * needs a phone number on the account and e-mail an address, else 422 naming the first kind that
 * asks for it.
 */
export async function savePreferences(
  ctx: DomainContext,
  customerId: number,
  input: NoticePreferences,
): Promise<PreferencesView> {
  return ctx.unitOfWork(async (tx, _effects, bound) => {
    // The row is locked so a profile change clearing the phone number cannot slip in between.
    const [locked] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("update");
    if (!locked) throw notFound("customerNotFound");
    const contact = await contactOf(tx, customerId);
    const chosen = PREFERENCE_KINDS.map((kind) => ({ kind, channels: inOrder(input.channels[kind]) }));
    for (const { kind, channels } of chosen) {
      const unreachable = channels.find((channel) => !reaches(contact, channel));
      if (unreachable !== undefined)
        throw cannotReach(unreachable === "email" ? "noticeEmailMissing" : "noticePhoneMissing", kind);
    }
    const now = ctx.now();
    await tx.delete(noticePreferences).where(eq(noticePreferences.customerId, customerId));
    await tx
      .insert(noticePreferences)
      .values(chosen.map(({ kind, channels }) => ({ customerId, kind, channels, updatedAt: now })));
    await tx
      .update(customers)
      .set({ smsFallback: input.smsFallback, updatedAt: now })
      .where(eq(customers.id, customerId));
    return readPreferences(bound, customerId);
  });
}
