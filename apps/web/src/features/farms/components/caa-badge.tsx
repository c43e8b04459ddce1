import { CircleAlert, CircleCheck, CircleHelp, Clock } from "lucide-react";

import type { CaaStatus } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

// Colour is never alone: each status has its words and its mark.
const tone: Record<CaaStatus, string> = {
  valid: "border-green-300 bg-green-50 text-green-900",
  expiring: "border-amber-300 bg-amber-50 text-amber-900",
  expired: "border-red-400 bg-red-50 text-red-900",
  unknown: "border-slate-300 bg-slate-50 text-slate-800",
};

const marks: Record<CaaStatus, typeof CircleCheck> = {
  valid: CircleCheck,
  expiring: Clock,
  expired: CircleAlert,
  unknown: CircleHelp,
};

/** The farm's CAA registration: valid, expiring within 30 days, expired, or not known. */
export function CaaBadge({ status, className }: { status: CaaStatus; className?: string }) {
  const { t } = useT("farms");
  const Mark = marks[status];
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold [overflow-wrap:anywhere]",
        tone[status],
        className,
      )}
    >
      <Mark aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {t(`farms.caa.${status}`)}
    </span>
  );
}
