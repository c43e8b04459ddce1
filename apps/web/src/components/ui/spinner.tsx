import { useOnline } from "@/hooks/use-online";
import { useT } from "@/lib/i18n/use-t";

import { cn } from "./cn";

const sizes = { sm: "h-4 w-4 border-2", md: "h-6 w-6 border-2", lg: "h-10 w-10 border-4" } as const;

export function Spinner({ size = "md", className }: { size?: keyof typeof sizes; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block animate-spin rounded-full border-current border-t-transparent",
        sizes[size],
        className,
      )}
    />
  );
}

/**
 * A centred spinner with a visible text, announced politely. Offline, a load waits for the network
 * (it starts by itself on the online event): it says so instead of spinning for ever.
 */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  const online = useOnline();
  const { t } = useT();
  return (
    <div role="status" className={cn("flex flex-col items-center justify-center gap-3 py-12", className)}>
      {online ? <Spinner size="lg" className="text-teal-700" /> : null}
      <p className="text-center text-sm text-slate-700">{online ? label : t("common.offline.waiting")}</p>
    </div>
  );
}
