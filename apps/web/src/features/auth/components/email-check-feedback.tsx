import { Check, CircleAlert, TriangleAlert } from "lucide-react";

import { Spinner } from "@/components/ui/spinner";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { Slotted } from "@/components/ui/slotted";

import { emailCheckMessage, type EmailCheckState } from "../hooks/use-email-check";

interface EmailCheckFeedbackProps {
  id: string;
  state: EmailCheckState;
  onAcceptSuggestion: (email: string) => void;
  /** The address is known to be taken (or refused at the field): a tick beside that would mislead. */
  hideChecked?: boolean;
}

const toneClasses = {
  // Neutral, not a green success: the check is about the address, not about an account.
  checked: "text-slate-700",
  error: "text-red-700",
  warning: "text-amber-900",
} as const;

/**
 * The e-mail check's message and its did-you-mean hint, which the user can click to accept. A likely
 * typo is an amber warning on its own, not a green "verified".
 */
export function EmailCheckFeedback({
  id,
  state,
  onAcceptSuggestion,
  hideChecked = false,
}: EmailCheckFeedbackProps) {
  const { t } = useT("credentials");
  const checked = emailCheckMessage(state);
  const message = hideChecked && checked?.tone === "checked" ? null : checked;
  const Icon =
    message?.tone === "checked" ? Check : message?.tone === "warning" ? TriangleAlert : CircleAlert;
  return (
    <div id={id} aria-live="polite" className="min-h-4 space-y-1 text-xs">
      {state.status === "checking" ? (
        <p className="flex items-center gap-1.5 text-slate-700">
          <Spinner size="sm" className="text-teal-700" />
          {t("credentials.emailCheck.checking")}
        </p>
      ) : null}
      {message?.text ? (
        <p
          data-tone={message.tone}
          className={`flex items-center gap-1.5 font-medium ${toneClasses[message.tone]}`}
        >
          <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <LocalizedMessage text={message.text} />
        </p>
      ) : null}
      {message?.didYouMean ? (
        <p
          data-tone={message.tone === "warning" ? "warning" : undefined}
          className={
            message.tone === "warning"
              ? "flex flex-wrap items-center gap-1 rounded-md border border-amber-200 bg-amber-50 px-2 py-1 font-medium text-amber-900"
              : "text-slate-700"
          }
        >
          {message.tone === "warning" ? (
            <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          ) : null}
          <span className="min-w-0 break-words">
            <Slotted text={(slot) => t("credentials.emailCheck.didYouMean", { suggestion: slot })}>
              <button
                type="button"
                onClick={() => onAcceptSuggestion(message.didYouMean ?? "")}
                className="inline-flex min-h-11 items-center font-semibold break-all text-teal-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-700 lg:min-h-0"
              >
                {message.didYouMean}
              </button>
            </Slotted>
          </span>
        </p>
      ) : null}
    </div>
  );
}
