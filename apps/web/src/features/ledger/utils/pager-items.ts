import { pageWindow } from "@/features/samples/utils/pagination";

export type PagerItem = { kind: "page"; page: number } | { kind: "ellipsis"; key: "start" | "end" };

/**
 * The numbered buttons of the ledger pager: a window of `windowSize` pages around the current one,
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
