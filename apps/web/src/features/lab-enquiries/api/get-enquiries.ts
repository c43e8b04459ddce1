import { useInfiniteQuery } from "@tanstack/react-query";

import { enquiryListResponseSchema, type EnquiryListResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** GET /lab/enquiries: the contact form's enquiries, newest first, a page at a time. */
export function getEnquiries(cursor: string | null): Promise<EnquiryListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : "";
  return apiRequest(`/lab/enquiries${query}`, { auth: "staff", schema: enquiryListResponseSchema });
}

export const enquiriesQueryKey = [LAB_QUERY_ROOT, "enquiries"] as const;

export function useEnquiries() {
  return useInfiniteQuery({
    queryKey: enquiriesQueryKey,
    queryFn: ({ pageParam }) => getEnquiries(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
