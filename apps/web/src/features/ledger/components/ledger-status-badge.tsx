import type { SampleStatus } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

import { ledgerBadgeClasses, ledgerStatusKey } from "../utils/ledger-status";

export function LedgerStatusBadge({ status }: { status: SampleStatus }) {
  const { t } = useT("account");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        ledgerBadgeClasses(status),
      )}
    >
      {t(ledgerStatusKey(status))}
    </span>
  );
}
