import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { parameterSchema, type Parameter } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** GET /lab/parameters: the whole catalogue (confirmatory parameters outside a panel included). */
export function getLabParameters(): Promise<Parameter[]> {
  return apiRequest("/lab/parameters", { auth: "staff", schema: z.array(parameterSchema) });
}

export const labParametersQueryOptions = () =>
  queryOptions({
    queryKey: [LAB_QUERY_ROOT, "parameters"],
    queryFn: getLabParameters,
    staleTime: 60_000,
  });

export function useLabParameters() {
  return useQuery(labParametersQueryOptions());
}
