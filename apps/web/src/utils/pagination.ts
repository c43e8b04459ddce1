/** At most `size` page numbers around the current page (5 page buttons; docs/product-rules.md). */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

export const totalPagesOf = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

export type PagerItem = { kind: "page"; page: number } | { kind: "ellipsis"; key: "start" | "end" };

/**
 * The numbered buttons of a pager with shortcuts: a window of `windowSize` pages around the current one,
 * plus the first and last page when they fall outside it, with an ellipsis where pages are skipped.
 */
export function pagerItems(current: number, totalPages: number, windowSize: number): PagerItem[] {
  const window = pageWindow(current, totalPages, windowSize);
  const first = window[0];
  const last = window[window.length - 1];
  if (first === undefined || last === undefined) return [];
  const items: PagerItem[] = [];
  if (first > 1) {
    items.push({ kind: "page", page: 1 });
    if (first > 2) items.push({ kind: "ellipsis", key: "start" });
  }
  for (const page of window) items.push({ kind: "page", page });
  if (last < totalPages) {
    if (last < totalPages - 1) items.push({ kind: "ellipsis", key: "end" });
    items.push({ kind: "page", page: totalPages });
  }
  return items;
}
