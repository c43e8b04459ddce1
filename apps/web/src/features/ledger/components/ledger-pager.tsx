import { cn } from "@/components/ui/cn";

import { pagerItems } from "../utils/pager-items";

const buttonClass =
  "inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-2.5 lg:h-9 lg:min-w-9 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-50";
const idleClass = "border-slate-300 bg-white text-slate-800 hover:bg-slate-50";

/** Prev, a window of numbered pages (5; 3 on phones) with the first and last pages, Next. */
export function LedgerPager({
  page,
  totalPages,
  windowSize,
  onPage,
}: {
  page: number;
  totalPages: number;
  windowSize: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        className={cn(buttonClass, idleClass)}
      >
        Prev
      </button>
      {pagerItems(page, totalPages, windowSize).map((item) =>
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
            aria-label={`Page ${item.page}`}
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
        className={cn(buttonClass, idleClass)}
      >
        Next
      </button>
    </nav>
  );
}
