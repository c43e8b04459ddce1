/** Query keys of what other organisations share with the member's. */
export const sharedKeys = {
  all: ["shared"] as const,
  list: () => ["shared", "list"] as const,
  sample: (id: number) => ["shared", "samples", id] as const,
};
