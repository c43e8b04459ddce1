import type { SampleStatus } from "@lab/contracts";

import { cn } from "@/components/ui/cn";

import { useDomainNames } from "@/lib/i18n/localized-names";
import { STATUS_BADGE_CLASSES } from "@/utils/sample-status";

export function StatusBadge({ status, className }: { status: SampleStatus; className?: string }) {
  const names = useDomainNames();
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center rounded-full break-words px-2.5 py-0.5 text-xs font-semibold",
        STATUS_BADGE_CLASSES[status],
        className,
      )}
    >
      {names.status(status)}
    </span>
  );
}
