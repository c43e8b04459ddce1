import { FlaskConical } from "lucide-react";
import { Link } from "react-router";

import { LAB_NAME, LAB_SHORT_NAME } from "@/config/brand";

/** The lab's mark and name, linking to `to`. */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      aria-label={`${LAB_NAME} home`}
      className="flex min-h-11 min-w-11 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-gradient-to-br from-teal-600 to-sky-700 text-white shadow-sm">
        <FlaskConical aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className={compact ? "sr-only sm:not-sr-only" : ""}>
        <span className="block text-base leading-tight font-bold text-slate-900">{LAB_SHORT_NAME}</span>
        <span className="block text-xs leading-tight text-slate-700">Aquaculture Testing Lab</span>
      </span>
    </Link>
  );
}
