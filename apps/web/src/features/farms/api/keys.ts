/** Query keys of the organisation's farms; a write invalidates `all` (lists show counts and open crops). */
export const farmKeys = {
  all: ["farms"] as const,
  list: () => ["farms", "list"] as const,
  farm: (farmId: number) => ["farms", "farm", farmId] as const,
  ponds: (farmId: number) => ["farms", "farm", farmId, "ponds"] as const,
  crops: (pondId: number) => ["farms", "pond", pondId, "crops"] as const,
  lots: (cropId: number) => ["farms", "crop", cropId, "lots"] as const,
  samples: (cropId: number) => ["farms", "crop", cropId, "samples"] as const,
  trend: (pondId: number, parameter: string, market: string | null) =>
    ["farms", "pond", pondId, "trend", parameter, market] as const,
};
