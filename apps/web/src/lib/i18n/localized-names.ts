import { messageNameOf, messageNameOfCode } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { hasMessage } from "./i18n";
import { useT } from "./use-t";

/**
 * The catalogue key of one of the spec's English messages (contracts' `messages`), by the server's
 * `messageCode` or by the English text itself (a zod issue, a toast).
 */
export const messageKeyOf = (text: string, messageCode?: string): MessageKey<"errors"> | undefined => {
  const name =
    (messageCode === undefined ? undefined : messageNameOfCode(messageCode)) ?? messageNameOf(text);
  return name === undefined ? undefined : `errors.${name}`;
};

/** Names that arrive as data (a status, a shrimp category, a test type) in the reader's language. */
export function useDomainNames() {
  const { t } = useT("domain");
  const named = (key: string, fallback: string) =>
    hasMessage(key) ? t(key as MessageKey<"domain">) : fallback;
  return {
    status: (status: string) => named(`domain.status.${status}`, status),
    category: (category: string) => named(`domain.category.${category}`, category),
    testType: (testType: string) => named(`domain.testType.${testType}`, testType),
  };
}

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
