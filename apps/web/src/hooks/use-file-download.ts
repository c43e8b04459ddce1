import { useMutation } from "@tanstack/react-query";

import { errorMessageText } from "@/components/reports/error-message";
import { useToast } from "@/components/ui/toast";
import type { DownloadedFile } from "@/lib/download-file";
import { saveBlob } from "@/utils/save-blob";

/** Fetches a file and saves it on the device; a failure is an error toast in the reader's language. */
export function useFileDownload<Input>(fetcher: (input: Input) => Promise<DownloadedFile>) {
  const toast = useToast();
  return useMutation({
    mutationFn: fetcher,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => void errorMessageText(error).then((text) => toast.error(text)),
  });
}
