import type { CaaStatus } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

const tone: Record<CaaStatus, string> = {
  valid: "text-green-900",
  expiring: "text-amber-900",
  expired: "text-red-800",
  unknown: "text-slate-800",
};

/** The farm's CAA status in words (its colour only repeats them). */
export function CaaStatusText({ status }: { status: CaaStatus | null }) {
  const { t } = useT("lots");
  if (status === null) return <>—</>;
  return <span className={cn("font-semibold", tone[status])}>{t(`lots.caa.${status}`)}</span>;
}
