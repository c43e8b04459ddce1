import { CircleAlert, CircleCheck } from "lucide-react";

import { Spinner } from "@/components/ui/spinner";

import { emailCheckMessage, type EmailCheckState } from "../hooks/use-email-check";

interface EmailCheckFeedbackProps {
  id: string;
  state: EmailCheckState;
  onAcceptSuggestion: (email: string) => void;
}

/** The e-mail check's message and its did-you-mean hint, which the user can click to accept. */
export function EmailCheckFeedback({ id, state, onAcceptSuggestion }: EmailCheckFeedbackProps) {
  const message = emailCheckMessage(state);
  return (
    <div id={id} aria-live="polite" className="min-h-4 space-y-1 text-xs">
      {state.status === "checking" ? (
        <p className="flex items-center gap-1.5 text-slate-700">
          <Spinner size="sm" className="text-teal-700" />
          Checking email address...
        </p>
      ) : null}
      {message ? (
        <p
          className={
            message.tone === "success"
              ? "flex items-center gap-1.5 font-medium text-green-800"
              : "flex items-center gap-1.5 font-medium text-red-700"
          }
        >
          {message.tone === "success" ? (
            <CircleCheck aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          )}
          {message.text}
        </p>
      ) : null}
      {message?.didYouMean ? (
        <p className="text-slate-700">
          Did you mean{" "}
          <button
            type="button"
            onClick={() => onAcceptSuggestion(message.didYouMean ?? "")}
            className="font-semibold text-teal-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {message.didYouMean}
          </button>
          ?
        </p>
      ) : null}
    </div>
  );
}
