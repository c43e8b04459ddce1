import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

import { getSamples, samplesQueryOptions, type SamplesParams } from "@/lib/api/get-samples";

const SAMPLE_ID = /^\d{1,10}$/;

/**
 * ?highlight={id} when the sample may be on another page: the API answers the page of this list that
 * holds it (GET /sample-submissions?highlight=). That page goes into the list cache and `onPage` is
 * called once per highlighted id, so the pager moves there without a second request.
 */
export function useHighlightPage(
  highlightId: string | null,
  params: Pick<SamplesParams, "status" | "size">,
  onPage: (page: number) => void,
): void {
  const queryClient = useQueryClient();
  const id = highlightId !== null && SAMPLE_ID.test(highlightId) ? Number(highlightId) : null;
  const { status, size } = params;
  // Not under ["samples"]: live updates re-read the lists, never this one-off question.
  const located = useQuery({
    queryKey: ["highlight-page", { id, status, size }],
    queryFn: async ({ signal }) => {
      const page = await getSamples({ status, size, highlight: id ?? undefined }, signal);
      queryClient.setQueryData(samplesQueryOptions({ status, page: page.page, size }).queryKey, page);
      return page.page;
    },
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const applied = useRef<string | null>(null);
  const found = located.data;
  const key = `${id}:${status}:${size}`;
  useEffect(() => {
    if (found === undefined || applied.current === key) return;
    applied.current = key;
    onPage(found);
  }, [found, key, onPage]);
}
