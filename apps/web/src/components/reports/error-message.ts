import { isApiError } from "@/lib/api-client";
import { getLanguage, hasMessage, loadNamespaces, translate } from "@/lib/i18n/i18n";
import { messageKeyOf } from "@/lib/i18n/localized-names";

/**
 * An error's message in the reader's language, for a toast raised in a callback: loads the "errors"
 * namespace first (it is not part of the page's), and gives the English text if that fails.
 */
export async function errorMessageText(error: Error): Promise<string> {
  const key = messageKeyOf(error.message, isApiError(error) ? error.messageCode : undefined);
  if (!key) return error.message;
  try {
    await loadNamespaces(getLanguage(), ["errors"]);
  } catch {
    return error.message;
  }
  return hasMessage(key) ? translate(key) : error.message;
}
