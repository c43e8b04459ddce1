import { CircleCheck, CircleX, Clock, HelpCircle, Ban, TimerOff } from "lucide-react";

import type { LotState } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

// Only a cleared lot is green; every other state stops the harvest at the gate, in red, with its
// words and its mark (never the colour alone).
const marks: Record<LotState, typeof CircleCheck> = {
  cleared: CircleCheck,
  expired: TimerOff,
  failed: CircleX,
  revoked: Ban,
  pending: Clock,
  not_tested: HelpCircle,
  unknown: HelpCircle,
};

export const stateTone = (state: LotState): string =>
  state === "cleared"
    ? "border-green-600 bg-green-50 text-green-900"
    : "border-red-600 bg-red-50 text-red-900";

/** A lot's state in words with its mark; `large` on the lot's page and at the gate. */
export function LotStateWord({ state, size = "md" }: { state: LotState; size?: "md" | "lg" | "xl" }) {
  const { t } = useT("lots");
  const Mark = marks[state];
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-2 rounded-lg border-2 font-bold [overflow-wrap:anywhere]",
        stateTone(state),
        size === "xl" ? "px-4 py-2 text-3xl" : size === "lg" ? "px-3 py-1 text-xl" : "px-2 py-0.5 text-base",
      )}
    >
      <Mark
        aria-hidden="true"
        className={cn("shrink-0", size === "xl" ? "h-8 w-8" : size === "lg" ? "h-6 w-6" : "h-5 w-5")}
      />
      {t(`lots.state.${state}`)}
    </span>
  );
}

/** Why the lot is in that state, in a sentence. */
export function useStateReason() {
  const { t } = useT("lots");
  return (state: LotState) => t(`lots.reason.${state}`);
}
