import { LAB_QUERY_ROOT } from "@/lib/lab-session";

// Keys of lab data that more than one console feature reads or invalidates: a result, a move or a
// revocation changes the sample lists and the sample's page alike.
export const labSamplesQueryKey = [LAB_QUERY_ROOT, "samples"] as const;
export const revocationsQueryKey = [LAB_QUERY_ROOT, "revocations"] as const;

/** How often an open sample page and its revocation requests refresh while someone else works on them. */
export const LAB_REFRESH_MS = 10_000;
