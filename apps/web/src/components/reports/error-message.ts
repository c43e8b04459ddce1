import { isApiError } from "@/lib/api-client";
import { loadedMessageText } from "@/lib/i18n/localized-names";

/**
 * An error's message in the reader's language, for a toast raised in a callback: loads the "errors"
 * namespace first (it is not part of the page's), and gives the English text if that fails.
 */
export const errorMessageText = (error: Error): Promise<string> =>
  loadedMessageText(error.message, isApiError(error) ? error.messageCode : undefined);
