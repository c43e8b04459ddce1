import { ChevronLeft, ChevronRight } from "lucide-react";

import { useT } from "@/lib/i18n/use-t";
import { pageWindow, pagerItems, type PagerItem } from "@/utils/pagination";

import { cn } from "./cn";

const buttonClass =
  "inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-2.5 lg:h-9 lg:min-w-9 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-50";
const idleClass = "border-slate-300 bg-white text-slate-800 hover:bg-slate-50";

export interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** How many numbered pages around the current one (the spec: 5; 3 on phones). */
  windowSize?: number;
  /** Also offer the first and last page, with an ellipsis where pages are skipped (the ledger). */
  shortcuts?: boolean;
  /** Chevrons named "Previous page"/"Next page" (history, lab queue) or the words "Prev"/"Next" (ledger). */
  stepLabels?: "icons" | "words";
}

/** Previous, a window of numbered pages (optionally with first/last shortcuts), Next; nothing for one page. */
export function Pager({
  page,
  totalPages,
  onPage,
  windowSize = 5,
  shortcuts = false,
  stepLabels = "icons",
}: PagerProps) {
  const { t } = useT();
  if (totalPages <= 1) return null;
  const items: PagerItem[] = shortcuts
    ? pagerItems(page, totalPages, windowSize)
    : pageWindow(page, totalPages, windowSize).map((number) => ({ kind: "page", page: number }));
  const words = stepLabels === "words";

  return (
    <nav aria-label={t("common.pager.label")} className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={words ? undefined : t("common.pager.previousPage")}
        className={cn(buttonClass, idleClass)}
      >
        {words ? t("common.pager.prev") : <ChevronLeft aria-hidden="true" className="h-4 w-4" />}
      </button>
      {items.map((item) =>
        item.kind === "ellipsis" ? (
          <span key={item.key} aria-hidden="true" className="px-1 text-sm text-slate-600">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            onClick={() => onPage(item.page)}
            aria-current={item.page === page ? "page" : undefined}
            aria-label={t("common.pager.page", { page: item.page })}
            className={cn(
              buttonClass,
              item.page === page ? "border-teal-700 bg-teal-700 text-white" : idleClass,
            )}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        aria-label={words ? undefined : t("common.pager.nextPage")}
        className={cn(buttonClass, idleClass)}
      >
        {words ? t("common.pager.next") : <ChevronRight aria-hidden="true" className="h-4 w-4" />}
      </button>
    </nav>
  );
}
