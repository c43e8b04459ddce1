import type { SamplesParams } from "./get-samples";

/**
 * The query keys of the customer's samples, one tree under "samples": the query options of
 * get-sample(s), get-sample-summary and get-sample-events build theirs here, and whoever invalidates or
 * writes the cache (a submission, the live cache) names the same keys.
 */
export const sampleKeys = {
  all: ["samples"] as const,
  lists: () => [...sampleKeys.all, "list"] as const,
  list: (params: SamplesParams) => [...sampleKeys.lists(), params] as const,
  one: (id: string) => [...sampleKeys.all, "one", id] as const,
  events: (id: string) => [...sampleKeys.one(id), "events"] as const,
  custody: (id: string) => [...sampleKeys.one(id), "custody"] as const,
  messages: (id: string) => [...sampleKeys.one(id), "messages"] as const,
  summary: () => [...sampleKeys.all, "summary"] as const,
};
