import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";

/** An error's message in the reader's language (by the server's messageCode, else by its English text). */
export function ErrorText({ error }: { error: Error }) {
  return (
    <LocalizedMessage text={error.message} messageCode={isApiError(error) ? error.messageCode : undefined} />
  );
}
