import { CircleAlert, CircleCheck, TriangleAlert, X } from "lucide-react";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";
import { useCommonText } from "@/lib/i18n/use-t";

import { cn } from "./cn";

export type ToastType = "success" | "error" | "warning";

export interface ToastItem {
  id: number;
  type: ToastType;
  message: Shown;
}

export interface ToastApi {
  show: (type: ToastType, message: Shown) => void;
  success: (message: Shown) => void;
  error: (message: Shown) => void;
  warning: (message: Shown) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const styles: Record<ToastType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
};

const icons: Record<ToastType, ReactNode> = {
  success: <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-green-700" />,
  error: <CircleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-red-700" />,
  warning: <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-700" />,
};

/** At most this many toasts at once: a burst of live events must not bury the page. */
export const MAX_TOASTS = 3;

/** Toasts (success, error, warning) that close themselves after `duration` ms. */
export function ToastProvider({ children, duration }: { children: ReactNode; duration: number }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (type: ToastType, message: Shown) => {
      const id = nextId.current++;
      setToasts((current) => {
        const next = [...current, { id, type, message }];
        // The oldest go first; their timers are cleared so they cannot fire on a later toast.
        for (const dropped of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) {
          const timer = timers.current.get(dropped.id);
          if (timer !== undefined) clearTimeout(timer);
          timers.current.delete(dropped.id);
        }
        return next.slice(-MAX_TOASTS);
      });
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message) => show("success", message),
      error: (message) => show("error", message),
      warning: (message) => show("warning", message),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      {toasts.length > 0 ? <ToastRegion toasts={toasts} onDismiss={dismiss} /> : null}
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

// The English when even "common" could not be fetched.
const REGION_ENGLISH = "Status messages";
const DISMISS_ENGLISH = "Dismiss notification";

/**
 * The toasts, at the bottom: on a phone clear of the sticky header and the progress bars below it, on a
 * desktop clear of the bell and the user menu in the top bar. Texts raised as the spec's English
 * messages show in the reader's language.
 */
function ToastRegion({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  // Labels from "common", which is in before the first render: a toast needs no fetch (offline, a
  // catalogue fetched for it failed, and was fetched again on every render).
  const text = useCommonText();
  return (
    <section
      aria-label={text("common.toast.region", REGION_ENGLISH)}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 pb-[env(safe-area-inset-bottom)] sm:inset-x-auto sm:right-4 sm:items-end"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === "error" ? "alert" : "status"}
          className={cn(
            "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg",
            styles[toast.type],
          )}
        >
          {icons[toast.type]}
          <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            <LocalizedMessage text={toast.message} />
          </p>
          <button
            type="button"
            aria-label={text("common.toast.dismiss", DISMISS_ENGLISH)}
            onClick={() => onDismiss(toast.id)}
            className="-my-2.5 -mr-3 flex h-11 w-11 shrink-0 items-center justify-center rounded hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ))}
    </section>
  );
}
