import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";

import { cn } from "./cn";

type Tone = "error" | "success" | "warning" | "info";

const tones: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

const icons: Record<Tone, ReactNode> = {
  error: <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />,
  success: <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />,
  warning: <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />,
  info: <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />,
};

/**
 * A coloured message box; errors are announced assertively, the rest politely. A `banner` is a form's
 * error about no single field: focusable by script and found first by the form's error reveal.
 * `message` is a text that may be one of the spec's English messages (a server `error`, a toast
 * text): it shows in the reader's language; `children` show as given.
 */
export function Alert({
  tone,
  children,
  message,
  messageCode,
  className,
  banner = false,
}: {
  tone: Tone;
  children?: ReactNode;
  message?: Shown | undefined;
  /** The server's `messageCode` of `message`. */
  messageCode?: string | undefined;
  className?: string;
  banner?: boolean;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      {...(banner ? { "data-error-banner": "", tabIndex: -1 } : {})}
      className={cn(
        "flex gap-2 rounded-lg border px-3 py-2 text-sm",
        // Clear of the 116 px sticky header when scrolled into view.
        banner && "scroll-mt-36 focus:outline-2 focus:outline-offset-2 focus:outline-red-700",
        tones[tone],
        className,
      )}
    >
      {icons[tone]}
      <div className="min-w-0 break-words">
        {message === undefined ? null : <LocalizedMessage text={message} messageCode={messageCode} />}
        {children}
      </div>
    </div>
  );
}
