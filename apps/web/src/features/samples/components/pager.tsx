import { ChevronLeft, ChevronRight } from "lucide-react";

import { cn } from "@/components/ui/cn";

import { pageWindow } from "../utils/pagination";

/** Previous, at most 5 numbered pages around the current one, Next. */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const buttonClass =
    "inline-flex h-11 min-w-11 items-center lg:h-9 lg:min-w-9 justify-center rounded-lg border px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-50";

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
        className={cn(buttonClass, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      </button>
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          onClick={() => onPage(number)}
          aria-current={number === page ? "page" : undefined}
          aria-label={`Page ${number}`}
          className={cn(
            buttonClass,
            number === page
              ? "border-teal-700 bg-teal-700 text-white"
              : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
          )}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
        className={cn(buttonClass, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
      >
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
