import type { SampleStatus } from "@lab/contracts";

import { cn } from "@/components/ui/cn";

import { STATUS_BADGE_CLASSES, statusLabel } from "@/utils/sample-status";

export function StatusBadge({ status, className }: { status: SampleStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        STATUS_BADGE_CLASSES[status],
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
