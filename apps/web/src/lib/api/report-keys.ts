/** The query keys of the customer's reports: the list and each report (see sample-keys.ts). */
export const reportKeys = {
  all: ["reports"] as const,
  list: () => [...reportKeys.all, "list"] as const,
  one: (id: string) => [...reportKeys.all, "one", id] as const,
};
