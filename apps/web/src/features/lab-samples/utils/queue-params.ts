import type { MessageKey } from "@lab/i18n";

import { LAB_STATUS_FILTERS, type LabSamplesParams, type LabStatusFilter } from "../api/get-lab-samples";

export const LAB_PAGE_SIZE = 20;

/** The status filter's words, by catalogue key (namespace "lab"). */
export const LAB_STATUS_LABELS: Record<LabStatusFilter, MessageKey<"lab">> = {
  all: "lab.queue.filter.all",
  pending: "lab.queue.filter.pending",
  collecting: "lab.queue.filter.collecting",
  collected: "lab.queue.filter.collected",
  testing: "lab.queue.filter.testing",
  completed: "lab.queue.filter.completed",
};

/** The queue's state from the address: view, status, q and page. */
export function queueParamsOf(search: URLSearchParams): LabSamplesParams {
  const status = search.get("status")?.toLowerCase() ?? "all";
  const page = Number(search.get("page"));
  return {
    unassigned: search.get("view") === "unassigned",
    review: search.get("view") === "review",
    status: (LAB_STATUS_FILTERS as readonly string[]).includes(status) ? (status as LabStatusFilter) : "all",
    q: search.get("q")?.trim() ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: LAB_PAGE_SIZE,
  };
}
