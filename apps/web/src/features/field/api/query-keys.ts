/** The first part of every field query key. */
export const FIELD_QUERY_ROOT = "field";
export const fieldJobsKey = (agentId: number) => [FIELD_QUERY_ROOT, agentId, "jobs"] as const;
