import { FlaskConical } from "lucide-react";
import { Link } from "react-router";

import { LAB_NAME, LAB_SHORT_NAME } from "@/config/brand";
import { useT } from "@/lib/i18n/use-t";

import { cn } from "./ui/cn";

interface LogoProps {
  to: string;
  /** The mark only on a phone (the name is read out). */
  compact?: boolean;
  /** The tagline from sm up: on a 360 px phone the bar also holds the language picker and the menu. */
  taglineFromSm?: boolean;
}

/** The lab's mark and name, linking to `to`. */
export function Logo({ to, compact = false, taglineFromSm = false }: LogoProps) {
  const { t } = useT();
  return (
    <Link
      to={to}
      aria-label={t("common.logo.home", { name: LAB_NAME })}
      className="flex min-h-11 min-w-11 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    >
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-teal-600 to-sky-700 text-white shadow-sm">
        <FlaskConical aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className={cn("min-w-0", compact && "sr-only sm:not-sr-only")}>
        <span lang="en" className="block text-base leading-tight font-bold text-slate-900">
          {LAB_SHORT_NAME}
        </span>
        <span
          className={cn(
            "text-xs leading-tight break-words text-slate-700",
            taglineFromSm ? "hidden sm:block" : "block",
          )}
        >
          {t("common.logo.tagline")}
        </span>
      </span>
    </Link>
  );
}
