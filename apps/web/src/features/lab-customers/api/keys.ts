import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** Query keys of the lab's customer reads. */
export const labCustomerKeys = {
  all: [LAB_QUERY_ROOT, "organisations"] as const,
  search: (q: string) => [LAB_QUERY_ROOT, "organisations", "search", q] as const,
  organisation: (id: number) => [LAB_QUERY_ROOT, "organisations", id] as const,
  activity: (id: number) => [LAB_QUERY_ROOT, "organisations", id, "activity"] as const,
};
