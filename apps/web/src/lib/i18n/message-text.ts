import type { MessageKey } from "@lab/i18n";

import { errorIdOf, getLanguage, hasMessage, loadNamespaces, translateKnown } from "./i18n";
import { useT } from "./use-t";

/**
 * The catalogue key of one of the spec's English messages (contracts' `messages`), by the server's
 * `messageCode` or by the English text itself (a zod issue, a toast). Known once the "errors"
 * namespace is loaded (useMessageText and <LocalizedMessage> load it); undefined before.
 */
export const messageKeyOf = (text: string, messageCode?: string): MessageKey<"errors"> | undefined => {
  if (messageCode !== undefined) {
    // The code is the snake_case of the message's name (contracts' messageCodeOf).
    const id = `errors.${messageCode.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;
    if (hasMessage(id)) return id as MessageKey<"errors">;
  }
  return errorIdOf(text) as MessageKey<"errors"> | undefined;
};

/**
 * A message of the spec's catalogue (a server `error`, a zod issue, a toast) in the reader's
 * language; any other text as it came. Loads the "errors" namespace: call it only where an error
 * is on screen, or use <LocalizedMessage>, which shows the English until the namespace is in.
 */
export function useMessageText() {
  const { t } = useT("errors");
  return (text: string, messageCode?: string) => {
    const key = messageKeyOf(text, messageCode);
    return key ? t(key) : text;
  };
}

/**
 * One of the spec's messages as plain text (a toast, a `title`): in the reader's language when the
 * "errors" namespace is in, else as it came. It never loads or waits.
 */
export function messageText(text: string, messageCode?: string): string {
  const key = messageKeyOf(text, messageCode);
  return key ? translateKnown(key, text) : text;
}

/**
 * The same for a toast raised in a callback: loads "errors" first (the message is looked up by its
 * English text only once that namespace is in), and gives the English if the load fails.
 */
export async function loadedMessageText(text: string, messageCode?: string): Promise<string> {
  try {
    await loadNamespaces(getLanguage(), ["errors"]);
  } catch {
    return text;
  }
  return messageText(text, messageCode);
}
