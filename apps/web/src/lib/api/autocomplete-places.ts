import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { PLACES_MAX_RESULTS, placeSuggestionSchema, type PlaceSuggestion } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** Fewer characters than this are not sent: the server would answer `[]`. */
export const PLACES_MIN_QUERY_LENGTH = 2;

/**
 * GET /places/autocomplete?q=: India-only suggestions. Each entry is checked on its own, so a place
 * without coordinates is dropped and never offered (a location needs coordinates).
 */
export async function autocompletePlaces(query: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const text = query.trim();
  if (text.length < PLACES_MIN_QUERY_LENGTH) return [];
  const data = await apiRequest(`/places/autocomplete?q=${encodeURIComponent(text)}`, {
    schema: z.array(z.unknown()),
    signal,
  });
  return data
    .flatMap((entry) => {
      const parsed = placeSuggestionSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, PLACES_MAX_RESULTS);
}

export const placeSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["places", "autocomplete", query.trim().toLowerCase()],
    queryFn: ({ signal }) => autocompletePlaces(query, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function usePlaceSuggestions(query: string, enabled: boolean) {
  return useQuery({
    ...placeSuggestionsQueryOptions(query),
    enabled: enabled && query.trim().length >= PLACES_MIN_QUERY_LENGTH,
    placeholderData: keepPreviousData,
  });
}
