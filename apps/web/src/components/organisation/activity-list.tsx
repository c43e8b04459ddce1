import type { ActivityEntry, MemberRole, MemberScope } from "@lab/contracts";
import { MEMBER_ROLES, MEMBER_SCOPES, shareLastDay } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import type { Shown } from "@/lib/i18n/message-text";
import { useT, type T } from "@/lib/i18n/use-t";

import { ACTIVITY_SENTENCES, ROLE_LABELS, SCOPE_LABELS } from "./member-labels";

const isRole = (value: unknown): value is MemberRole => MEMBER_ROLES.some((role) => role === value);
const isScope = (value: unknown): value is MemberScope => MEMBER_SCOPES.some((scope) => scope === value);

const count = (value: unknown): number => (typeof value === "number" ? value : 0);
const words = (value: unknown): string => (typeof value === "string" ? value : "");

/** One entry of the trail as a sentence in the reader's language; `day` writes a share's last day. */
export function activitySentence(
  entry: ActivityEntry,
  t: T<"organisation">,
  day: (value: string) => string = (value) => value,
): string {
  const { details } = entry;
  const actor = entry.actor?.fullName ?? t("organisation.activity.labStaff");
  const subject = entry.subject?.label ?? t("organisation.activity.someone");
  const role = isRole(details.role) ? t(ROLE_LABELS[details.role]) : "";
  const scope = isScope(details.scope) ? t(SCOPE_LABELS[details.scope]) : "";
  return t(ACTIVITY_SENTENCES[entry.kind], {
    actor,
    subject,
    role,
    scope,
    sample: entry.sampleId ?? "",
    recipients: count(details.recipients),
    samples: count(details.samples),
    organisation: words(details.organisation),
    target: words(details.target),
    until: typeof details.until === "string" ? day(shareLastDay(details.until)) : "",
  });
}

interface ActivityListProps {
  entries: readonly ActivityEntry[];
  pending: boolean;
  error: Shown | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** The organisation's trail, newest first, with "Load older" while there is more. */
export function ActivityList({
  entries,
  pending,
  error,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: ActivityListProps) {
  const { t, date } = useT("organisation");
  if (pending && !error) return <LoadingState label={t("organisation.activity.loading")} />;
  return (
    <div className="space-y-3">
      {error ? <Alert tone="error" message={error} /> : null}
      {entries.length === 0 && !error ? (
        <p className="text-sm text-slate-700">{t("organisation.activity.empty")}</p>
      ) : (
        <ol
          aria-label={t("organisation.activity.listLabel")}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        >
          {entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3 text-sm [overflow-wrap:anywhere]">
              <p className="text-slate-900">{activitySentence(entry, t, (value) => date(value, "date"))}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={entry.at}>{date(entry.at, "dateTime")}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {hasOlder ? (
        <Button
          variant="outline"
          className="min-h-11 w-full sm:w-auto"
          isLoading={loadingOlder}
          onClick={onLoadOlder}
        >
          {t("organisation.activity.loadOlder")}
        </Button>
      ) : null}
    </div>
  );
}
