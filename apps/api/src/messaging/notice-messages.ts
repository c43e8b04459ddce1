import type { PreferenceKind } from "@lab/contracts";
import { customers, harvestLots, reports, samples, type Executor, type OutboxMessageRow } from "@lab/db";
import { translatorFor } from "@lab/i18n/node";
import { and, desc, eq, inArray } from "drizzle-orm";

import {
  noticeKindOf,
  rejectionReasonsWording,
  type NoticeKind,
} from "../domain/notifications/notification-kinds";
import type { ReaderNotification } from "../domain/notifications/notifications";
import { noticeChannelsOf } from "../domain/notifications/preferences";
import type { Effects } from "../domain/unit-of-work";
import { verifyUrl } from "../pdf/report/verify";
import { lotPageUrl } from "../routes/lots/card";
import { queueMessages, type AnyQueuedMessage } from "./queue";
import type { TemplateKey, TemplateVariables } from "./templates";

/**
 * The notices a member may also hear of by SMS or WhatsApp: each is a kind of notice they choose
 * channels for and, by the same name, the template it is sent with.
 */
type NoticeTemplate = Extract<
  PreferenceKind & TemplateKey,
  "sampleCollected" | "sampleRejected" | "reportReleased" | "screeningFailed" | "reportRevoked"
>;
const MESSAGE_OF_NOTICE: Partial<Record<NoticeKind, NoticeTemplate>> = {
  sampleCollected: "sampleCollected",
  sampleRejected: "sampleRejected",
  // Testing completes as the report is released.
  testingComplete: "reportReleased",
  screeningFailed: "screeningFailed",
  reportRevoked: "reportRevoked",
};

/** Kinds whose message carries the link to the report's public check. */
const LINKED: ReadonlySet<NoticeTemplate> = new Set(["reportReleased", "screeningFailed"]);

type NoticeContent = {
  [K in NoticeTemplate]: { template: K; variables: TemplateVariables<K> };
}[NoticeTemplate];

/** Where E.164 is what is stored; anything else (a number typed before numbers were checked) gets no message. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** A sample as customers see it named ("sample #1234"). */
const sampleName = (sampleId: number) => `#${String(sampleId)}`;

/**
 * The public check a released report's message links to: its certificate's check (the page its QR
 * code opens, without the check code: DLT registers the link's page, and a fragment is no part of
 * it); for a report with no certificate number (no market passed), the lot's public page when the
 * sample screened a lot. A report with neither has no public page, and its message is not sent (the
 * bell and the mail still tell).
 */
async function reportLinks(
  tx: Executor,
  sampleIds: readonly number[],
  publicUrl: string,
): Promise<Map<number, string>> {
  const rows = await tx
    .select({
      sampleId: reports.sampleId,
      certification: reports.certification,
      lotCode: harvestLots.code,
    })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .leftJoin(harvestLots, eq(harvestLots.id, samples.lotId))
    .where(and(inArray(reports.sampleId, [...sampleIds]), eq(reports.status, "valid")))
    .orderBy(desc(reports.round));
  const links = new Map<number, string>();
  for (const row of rows) {
    if (links.has(row.sampleId)) continue;
    if (row.certification) links.set(row.sampleId, verifyUrl(publicUrl, row.certification));
    else if (row.lotCode) links.set(row.sampleId, lotPageUrl(publicUrl, row.lotCode));
  }
  return links;
}

/** The first reason reception gave for refusing the sample, in the reader's language. */
function firstRejectionReason(notice: ReaderNotification): string {
  const reasons = notice.data["reasons"];
  const first = Array.isArray(reasons) ? reasons.slice(0, 1) : [];
  return rejectionReasonsWording(first, translatorFor(notice.language));
}

/** A notice's template and variables for one reader; none when a link is needed and there is none. */
function contentOf(
  template: NoticeTemplate,
  notice: ReaderNotification,
  sample: string,
  link: string | undefined,
): NoticeContent | undefined {
  switch (template) {
    case "sampleRejected":
      return { template, variables: { sample, reason: firstRejectionReason(notice) } };
    case "reportReleased":
    case "screeningFailed":
      return link === undefined ? undefined : { template, variables: { sample, link } };
    default:
      return { template, variables: { sample } };
  }
}

/**
 * Queues, in the caller's transaction, the SMS and WhatsApp messages that go with notices just
 * inserted (insertNotifications answers them, one per reader): for each reader whose channels for
 * that kind of notice include SMS or WhatsApp and whose account has a mobile number, one message per
 * channel in the reader's language (both when both are chosen), a WhatsApp one with SMS standing in
 * when the member allows it. Readers are the bell's: whoever gets no notice gets no message. A
 * released report's message links to its public check, so call this once the report is stored.
 * `publicUrl` is needed only by the kinds that carry that link.
 */
export async function queueNoticeMessages(
  tx: Executor,
  effects: Effects,
  notices: readonly ReaderNotification[],
  publicUrl?: string,
): Promise<OutboxMessageRow[]> {
  const wanted = notices.flatMap((notice) => {
    const kind = noticeKindOf(notice);
    const preference = kind === undefined ? undefined : MESSAGE_OF_NOTICE[kind];
    return preference === undefined || notice.sampleId === null
      ? []
      : [{ notice, preference, sampleId: notice.sampleId }];
  });
  if (wanted.length === 0) return [];

  const readerIds = [...new Set(wanted.map(({ notice }) => notice.customerId))];
  const phones = new Map(
    (
      await tx
        .select({ id: customers.id, phoneNumber: customers.phoneNumber })
        .from(customers)
        .where(inArray(customers.id, readerIds))
    ).flatMap((reader) =>
      reader.phoneNumber !== null && E164.test(reader.phoneNumber)
        ? [[reader.id, reader.phoneNumber] as const]
        : [],
    ),
  );
  const reached = wanted.filter(({ notice }) => phones.has(notice.customerId));
  if (reached.length === 0) return [];

  const linked = [
    ...new Set(reached.filter(({ preference }) => LINKED.has(preference)).map((w) => w.sampleId)),
  ];
  if (linked.length > 0 && publicUrl === undefined)
    throw new Error("a released report's message needs the portal's public URL");
  const links =
    linked.length > 0 && publicUrl !== undefined
      ? await reportLinks(tx, linked, publicUrl)
      : new Map<number, string>();

  const messages: AnyQueuedMessage[] = [];
  for (const preference of new Set(reached.map((w) => w.preference))) {
    const ofKind = reached.filter((w) => w.preference === preference);
    const choices = await noticeChannelsOf(
      tx,
      ofKind.map(({ notice }) => notice.customerId),
      preference,
    );
    for (const { notice, sampleId } of ofKind) {
      const choice = choices.get(notice.customerId);
      const to = phones.get(notice.customerId);
      if (!choice || to === undefined) continue;
      const content = contentOf(preference, notice, sampleName(sampleId), links.get(sampleId));
      // No public page to link to (see reportLinks).
      if (content === undefined) continue;
      for (const channel of choice.channels) {
        if (channel === "email") continue;
        messages.push({
          ...content,
          channel,
          to,
          language: notice.language,
          kind: preference,
          customerId: notice.customerId,
          sampleId,
          smsFallback: channel === "whatsapp" && choice.smsFallback,
        });
      }
    }
  }
  return queueMessages(tx, effects, messages);
}
