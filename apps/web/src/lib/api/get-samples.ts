import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { samplePageSchema, type SampleListQuery, type SamplePage } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { sampleKeys } from "./sample-keys";

// The schema's input types page, size and highlight as unknown (z.coerce); the web sends numbers.
export type SamplesParams = Pick<SampleListQuery, "q" | "status" | "from" | "to" | "sort" | "cursor"> & {
  page?: number | undefined;
  size?: number | undefined;
  highlight?: number | undefined;
};

/** The query string of GET /sample-submissions: only the parameters that are set. */
export function samplesSearch(params: SamplesParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** GET /sample-submissions: the caller's samples, one page, newest change first. */
export function getSamples(params: SamplesParams, signal?: AbortSignal): Promise<SamplePage> {
  return apiRequest(`/sample-submissions${samplesSearch(params)}`, { schema: samplePageSchema, signal });
}

export const samplesQueryOptions = (params: SamplesParams) =>
  queryOptions({
    queryKey: sampleKeys.list(params),
    queryFn: ({ signal }) => getSamples(params, signal),
  });

export function useSamples(params: SamplesParams) {
  return useQuery({ ...samplesQueryOptions(params), placeholderData: keepPreviousData });
}
