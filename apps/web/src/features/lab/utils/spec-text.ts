import { hasMessage, translate } from "@/lib/i18n/i18n";
import { messageKeyOf } from "@/lib/i18n/localized-names";

/**
 * One of the spec's English messages as plain text (a toast, a `title`), in the reader's language
 * when the "errors" namespace is already in, else as it came: it never loads or waits for it.
 */
export function specText(text: string, messageCode?: string): string {
  const key = messageKeyOf(text, messageCode);
  return key && hasMessage(key) ? translate(key) : text;
}
