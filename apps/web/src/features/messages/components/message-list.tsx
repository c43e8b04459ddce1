import { MessageCircle, MessageSquareText, RefreshCw } from "lucide-react";

import {
  PREFERENCE_KINDS,
  type MessageStatus,
  type MessageStatusView,
  type PreferenceKind,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

const STATUS_STYLES: Record<MessageStatus, string> = {
  queued: "bg-slate-100 text-slate-800",
  sent: "bg-sky-100 text-sky-900",
  delivered: "bg-green-100 text-green-900",
  read: "bg-teal-100 text-teal-900",
  failed: "bg-red-100 text-red-900",
};

const isPreferenceKind = (kind: string): kind is PreferenceKind =>
  (PREFERENCE_KINDS as readonly string[]).includes(kind);

/** A message's kind in the reader's words: a kind of notice, a one-time code, or a plain "Notice". */
function useKindName() {
  const { t } = useT("messages");
  return (kind: string) =>
    isPreferenceKind(kind)
      ? t(`messages.kind.${kind}`)
      : kind === "code"
        ? t("messages.kind.code")
        : t("messages.kind.other");
}

/** A message's status as a coloured badge in the reader's language. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useT("messages");
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold break-words",
        STATUS_STYLES[status],
      )}
    >
      {t(`messages.status.${status}`)}
    </span>
  );
}

function MessageItem({ message }: { message: MessageStatusView }) {
  const { t, date } = useT("messages");
  const kindName = useKindName();
  const Icon = message.channel === "whatsapp" ? MessageCircle : MessageSquareText;
  const sent = date(message.createdAt, "dateTime");
  // The status's own time only when it reads differently from the message's.
  const changed = date(message.updatedAt, "dateTime");
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" />
      <div className="min-w-0 flex-1 space-y-0.5 text-sm text-slate-700">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold break-words text-slate-900">
            {t(`messages.channel.${message.channel}`)} · {kindName(message.kind)}
          </h3>
          <MessageStatusBadge status={message.status} />
        </div>
        <p className="[overflow-wrap:anywhere]">{t("messages.to", { number: message.to })}</p>
        <p>
          <time dateTime={message.createdAt}>{sent}</time>
        </p>
        {changed !== sent ? (
          <p className="text-xs text-slate-600">{t("messages.updated", { date: changed })}</p>
        ) : null}
        {message.status === "failed" && message.reason ? (
          <p className="break-words text-red-800">{t("messages.reason", { reason: message.reason })}</p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A sample's SMS and WhatsApp messages, newest first: channel, number, kind, status (a failure with
 * its reason) and time; or why there are none to show.
 */
export function MessageList({
  messages,
  failed,
  onRetry,
}: {
  messages: readonly MessageStatusView[] | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useT("messages");
  if (failed)
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {/* A secondary section: its failure is said politely, the page's own alerts stay the ones announced. */}
        <p role="status" className="text-sm text-red-800">
          {t("messages.failed")}
        </p>
        <Button
          variant="outline"
          className="min-h-11"
          onClick={onRetry}
          icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
        >
          {t("messages.retry")}
        </Button>
      </div>
    );
  if (!messages) return <p className="text-sm text-slate-700">{t("messages.loading")}</p>;
  if (messages.length === 0) return <p className="text-sm text-slate-700">{t("messages.empty")}</p>;
  return (
    <ol className="space-y-4">
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} />
      ))}
    </ol>
  );
}
