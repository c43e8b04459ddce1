import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { labSamplePageSchema, type LabSamplePage } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { labSamplesQueryKey } from "@/lib/lab-query-keys";

export type { LabSample, LabSamplePage } from "@lab/contracts";

export const LAB_STATUS_FILTERS = [
  "all",
  "pending",
  "collecting",
  "collected",
  "testing",
  "completed",
] as const;
export type LabStatusFilter = (typeof LAB_STATUS_FILTERS)[number];

export interface LabSamplesParams {
  status: LabStatusFilter;
  q: string;
  page: number;
  size: number;
  /** The PENDING queue with no agent, oldest first. */
  unassigned: boolean;
  /** The reviewer's queue: samples whose results await a second person's release. */
  review: boolean;
}

export function labSamplesSearch(params: LabSamplesParams): string {
  const search = new URLSearchParams();
  if (params.unassigned) search.set("unassigned", "true");
  else if (params.review) search.set("analysis", "awaiting_review");
  else if (params.status !== "all") search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  search.set("page", String(params.page));
  search.set("size", String(params.size));
  return `?${search.toString()}`;
}

/** GET /lab/samples: every customer's samples, one page. */
export function getLabSamples(params: LabSamplesParams, signal?: AbortSignal): Promise<LabSamplePage> {
  return apiRequest(`/lab/samples${labSamplesSearch(params)}`, {
    auth: "staff",
    schema: labSamplePageSchema,
    signal,
  });
}

export const labSamplesQueryOptions = (params: LabSamplesParams) =>
  queryOptions({
    queryKey: [...labSamplesQueryKey, "list", params],
    queryFn: ({ signal }) => getLabSamples(params, signal),
  });

export function useLabSamples(params: LabSamplesParams) {
  return useQuery({
    ...labSamplesQueryOptions(params),
    placeholderData: keepPreviousData,
    // The queue follows the dispatcher and the simulator.
    refetchInterval: 15_000,
  });
}
