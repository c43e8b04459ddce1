import { useQuery } from "@tanstack/react-query";

import { fetchFile } from "@/lib/download-file";

/**
 * A collection photo read with the member's token (an <img> cannot send it), once it is wanted. Its
 * own key root: a photo never changes, so refreshing the sample must not fetch it again.
 */
export function useCollectionPhoto(sampleId: number, photoId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["sample-photos", sampleId, photoId],
    queryFn: async () =>
      (await fetchFile(`/samples/${sampleId}/photos/${photoId}`, `photo-${photoId}.jpg`, "image/*")).blob,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
