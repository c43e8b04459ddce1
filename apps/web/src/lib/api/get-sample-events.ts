import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { sampleEventSchema, type SampleEvent } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { sampleKeys } from "./sample-keys";

/** GET /sample-submissions/{id}/events: the status history, oldest first. */
export function getSampleEvents(id: string): Promise<SampleEvent[]> {
  return apiRequest(`/sample-submissions/${encodeURIComponent(id)}/events`, {
    schema: z.array(sampleEventSchema),
  });
}

export const sampleEventsQueryOptions = (id: string) =>
  queryOptions({ queryKey: sampleKeys.events(id), queryFn: () => getSampleEvents(id) });

export function useSampleEvents(id: string, enabled = true) {
  return useQuery({ ...sampleEventsQueryOptions(id), enabled });
}
