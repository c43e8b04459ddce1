import { useInfiniteQuery } from "@tanstack/react-query";

import { enquiryListResponseSchema, type EnquiryListResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /lab/enquiries: the contact form's enquiries, newest first, a page at a time. */
export function getEnquiries(cursor: string | null): Promise<EnquiryListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : "";
  return apiRequest(`/lab/enquiries${query}`, { auth: "staff", schema: enquiryListResponseSchema });
}

export function useEnquiries() {
  return useInfiniteQuery({
    queryKey: ["lab", "enquiries"],
    queryFn: ({ pageParam }) => getEnquiries(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
