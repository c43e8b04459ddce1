import { revocationReasonOf } from "@lab/contracts";
import type { NotificationData, NotificationRow } from "@lab/db";
import type { MessageKey } from "@lab/i18n";
import type { Translator } from "@lab/i18n/node";

/**
 * A notification is stored as its kind (a key of the `notify` catalogue) and its parameters;
 * its title and message are rendered for each reader in their language when read or pushed.
 */
export const NOTICE_KINDS = [
  "sampleSubmitted",
  "agentAssigned",
  "agentChanged",
  "agentUnassigned",
  "sampleCollected",
  "testingStarted",
  "testingComplete",
  "reportReplaced",
  "reportRevoked",
  "screeningFailed",
  "sampleRejected",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const isNoticeKind = (value: unknown): value is NoticeKind =>
  typeof value === "string" && (NOTICE_KINDS as readonly string[]).includes(value);

/** What a change tells its customer: the notification's type and parameters, never its words. */
export interface Notice {
  type: string;
  data: NotificationData & { notice: NoticeKind };
}

/** The kind of a stored notification; rows without one are read from their type and stage. */
export function noticeKindOf(row: Pick<NotificationRow, "type" | "data">): NoticeKind | undefined {
  if (isNoticeKind(row.data.notice)) return row.data.notice;
  if (row.data.notice !== undefined) return undefined;
  switch (row.type) {
    case "sample_assigned":
      return "agentAssigned";
    case "sample_agent_changed":
      return "agentChanged";
    case "sample_unassigned":
      return "agentUnassigned";
    case "sample_completed":
      return "testingComplete";
    case "report_replaced":
      return "reportReplaced";
    case "report_revoked":
      return "reportRevoked";
    case "screening_failed":
      return "screeningFailed";
    case "sample_rejected":
      return "sampleRejected";
    case "sample_status_change":
      if (row.data.stage === "submitted") return "sampleSubmitted";
      if (row.data.stage === "agent-assigned") return "sampleCollected";
      if (row.data.stage === "testing") return "testingStarted";
      return undefined;
    default:
      return undefined;
  }
}

const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * A revocation reads as its reason's wording in the reader's language, never as staff's note. A
 * notice from before reasons were codes keeps the words it was sent with.
 */
function revocationWording(data: NotificationData, t: Translator["t"]): string {
  if (data["reasonCode"] === undefined && typeof data.reason === "string") return data.reason;
  return t(`domain.revocationReason.${revocationReasonOf(data["reasonCode"])}`);
}

const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/**
 * A parameter by its code in the reader's language when the catalogue names it, else by the name it
 * was judged under.
 */
export function parameterWording(code: string, name: string, { t }: Pick<Translator, "t">): string {
  const key = `results.param.${code}`;
  const text = t(key as MessageKey);
  return text === key || text === "" ? name : text;
}

/** The failed parameters a failed-screening notice carries ([{code, name}]), in the reader's language. */
function failedParameters(data: NotificationData, translator: Pick<Translator, "t">): string {
  const lines = Array.isArray(data["parameters"]) ? (data["parameters"] as unknown[]) : [];
  return lines
    .flatMap((line) => {
      if (typeof line !== "object" || line === null) return [];
      const { code, name } = line as { code?: unknown; name?: unknown };
      const named = textOf(name) || textOf(code);
      return named === "" ? [] : [parameterWording(textOf(code), named, translator)];
    })
    .join(", ");
}

/** Reception's reasons for refusing a sample, in the reader's language; an unknown one as stored. */
export function rejectionReasonsWording(reasons: unknown, { t }: Pick<Translator, "t">): string {
  return textsOf(reasons)
    .map((reason) => {
      const key = `domain.rejectionReason.${reason}`;
      const text = t(key as MessageKey);
      return text === key || text === "" ? reason : text;
    })
    .join(", ");
}

/** A notification's title and message in the reader's language. */
export function renderNotice(
  row: Pick<NotificationRow, "type" | "data" | "sampleId">,
  { t }: Pick<Translator, "t">,
): { title: string; message: string } {
  const kind = noticeKindOf(row);
  // A row migrated from a text nobody now writes keeps its stored words (migration 0017).
  if (kind === undefined)
    return { title: textOf(row.data["title"]) || row.type, message: textOf(row.data["message"]) };
  // As text, not a number: an id is never grouped (#1234, not #1,234).
  const values = {
    sampleId: row.sampleId === null ? "" : String(row.sampleId),
    agent: textOf(row.data.agent),
    certification: textOf(row.data.certification),
    reason: kind === "reportRevoked" ? revocationWording(row.data, t) : textOf(row.data.reason),
  };
  const title = t(`notify.${kind}.title`);
  if (kind === "screeningFailed") {
    return {
      title,
      message: t("notify.screeningFailed.message", {
        sampleId: values.sampleId,
        lotCode: textOf(row.data["lotCode"]),
        markets: textsOf(row.data["markets"]).join(", "),
        parameters: failedParameters(row.data, { t }),
      }),
    };
  }
  if (kind === "sampleRejected") {
    return {
      title,
      message: t("notify.sampleRejected.message", {
        sampleId: values.sampleId,
        reasons: rejectionReasonsWording(row.data["reasons"], { t }),
      }),
    };
  }
  if ((kind === "reportReplaced" || kind === "reportRevoked") && values.certification === "") {
    return { title, message: t(`notify.${kind}.messageUnnumbered`, values) };
  }
  return { title, message: t(`notify.${kind}.message`, values) };
}
