import type { SampleStatus } from "@lab/contracts";

import { cn } from "@/components/ui/cn";

import { ledgerBadgeClasses, ledgerStatusLabel } from "../utils/ledger-status";

export function LedgerStatusBadge({ status }: { status: SampleStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        ledgerBadgeClasses(status),
      )}
    >
      {ledgerStatusLabel(status)}
    </span>
  );
}
