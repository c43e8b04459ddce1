import { queryOptions, useQuery } from "@tanstack/react-query";

import { certificateSchema, type Certificate } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /certificates/{number}: public, no token; 404 for a number the laboratory never issued. */
export function getCertificate(number: string): Promise<Certificate> {
  return apiRequest(`/certificates/${encodeURIComponent(number)}`, {
    auth: false,
    schema: certificateSchema,
  });
}

export const certificateQueryOptions = (number: string) =>
  queryOptions({ queryKey: ["certificates", number], queryFn: () => getCertificate(number) });

export function useCertificate(number: string) {
  return useQuery({ ...certificateQueryOptions(number), enabled: number !== "" });
}
