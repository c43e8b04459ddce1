import { Bell, BellOff, Trash2, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";

import { type Notification } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useNotifications } from "@/lib/api/get-notifications";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useClearNotifications } from "../api/clear-notifications";
import { useDismissNotification } from "../api/dismiss-notification";
import { useMarkAllNotificationsRead } from "../api/mark-all-read";
import { useMarkNotificationRead } from "../api/mark-read";
import { useConnectionStatus } from "../utils/connection-status";
import { badgeLabel, notificationTarget, timeLabel } from "../utils/notification-view";

/** The top bar's notification widget: mode, unread badge and the dropdown. */
export function NotificationBell() {
  // The language is a dependency of the time labels below (timeLabel reads the active catalogue).
  const { t } = useT("account");
  const status = useConnectionStatus();
  const live = status === "connected";
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const dismiss = useDismissNotification();
  const clear = useClearNotifications();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The time labels' clock: set on opening, then every minute while open.
  const [now, setNow] = useState(() => Date.now());
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  const items = notifications.data ?? [];
  const unread = items.filter((item) => !item.read).length;
  const modeLabel = t(live ? "account.notifications.realtime" : "account.notifications.manual");

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    const clock = setInterval(() => setNow(Date.now()), 60_000);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      clearInterval(clock);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

  const go = (to: string) => {
    setOpen(false);
    void navigate(to);
  };

  const onOpen = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    go(notificationTarget(notification));
  };

  return (
    <div ref={containerRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("account.notifications.buttonLabel", { unread, mode: modeLabel })}
        onClick={() => {
          setNow(Date.now());
          setOpen((value) => !value);
        }}
        className="relative flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full p-2 text-sm hover:bg-slate-100 lg:min-h-0 lg:min-w-0 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {live ? (
          <Bell aria-hidden="true" className="h-5 w-5 text-green-700" />
        ) : (
          <BellOff aria-hidden="true" className="h-5 w-5 text-red-700" />
        )}
        <span
          aria-hidden="true"
          className={cn("hidden text-xs font-medium md:inline", live ? "text-green-800" : "text-red-800")}
        >
          {modeLabel}
        </span>
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 left-5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {badgeLabel(unread)}
          </span>
        ) : null}
      </button>

      <div
        id={panelId}
        role="region"
        aria-labelledby={titleId}
        hidden={!open}
        className="fixed inset-x-2 top-14 z-40 flex max-h-[min(24rem,calc(100dvh-4rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 pr-2 pl-4 sm:py-2.5 sm:pr-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900">
              {t("account.notifications.title")}
            </h2>
            <p className={cn("text-xs", live ? "text-green-800" : "text-red-800")}>{modeLabel}</p>
          </div>
          <button
            type="button"
            disabled={unread === 0}
            onClick={() => markAll.mutate()}
            className="min-h-11 rounded px-2 py-1 text-right text-xs font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:text-slate-500 lg:min-h-0 disabled:hover:bg-transparent"
          >
            {t("account.notifications.markAllRead")}
          </button>
        </div>

        {items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">
            <LocalizedMessage text={"noNotifications"} />
          </p>
        ) : (
          <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
            {items.map((item) => (
              <li key={item.id} className={cn("flex items-start gap-1", !item.read && "bg-sky-50")}>
                <button
                  type="button"
                  onClick={() => onOpen(item)}
                  className="min-w-0 flex-1 px-4 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700"
                >
                  <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                    {item.read ? null : (
                      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-sky-700" />
                    )}
                    <span className="min-w-0 truncate">{item.title}</span>
                    {item.read ? null : <span className="sr-only">{t("account.notifications.unread")}</span>}
                  </span>
                  <span className="mt-0.5 block text-sm break-words text-slate-700">{item.message}</span>
                  <span className="mt-0.5 block text-xs text-slate-600">
                    {timeLabel(item.timestamp, now)}
                  </span>
                </button>
                <button
                  type="button"
                  aria-label={t("account.notifications.dismiss", { title: item.title })}
                  onClick={() => dismiss.mutate(item.id)}
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded text-slate-600 lg:m-2 lg:h-auto lg:w-auto lg:p-1 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-2 py-1 sm:px-4 sm:py-2">
          <button
            type="button"
            onClick={() => go(paths.samples.href())}
            className="min-h-11 rounded px-2 py-1 text-xs font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 lg:min-h-0"
          >
            {t("account.notifications.viewAllSamples")}
          </button>
          <button
            type="button"
            disabled={items.length === 0}
            onClick={() => clear.mutate()}
            className="flex min-h-11 items-center gap-1 rounded px-2 py-1 text-xs font-medium text-red-800 lg:min-h-0 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700 disabled:text-slate-500 disabled:hover:bg-transparent"
          >
            <Trash2 aria-hidden="true" className="h-3.5 w-3.5" />
            {t("account.notifications.clearAll")}
          </button>
        </div>
      </div>
    </div>
  );
}
