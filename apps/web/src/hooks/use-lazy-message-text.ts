import { useCallback, useReducer } from "react";

import { isLoaded, loadNamespaces } from "@/lib/i18n/i18n";
import { messageText } from "@/lib/i18n/message-text";
import { useLanguage } from "@/lib/i18n/use-t";

/**
 * The spec's messages (contracts `messages`, a server `error`) in the reader's language, for a form
 * that must not suspend or load the "errors" namespace with its page (the /login bar): English until
 * `prepare()` (on first focus or submit) has loaded the namespace, then the reader's language.
 */
export function useLazyMessageText() {
  const language = useLanguage();
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const prepare = useCallback(() => {
    if (isLoaded(language, "errors")) return;
    loadNamespaces(language, ["errors"]).then(loaded, () => undefined);
  }, [language]);
  return { localize: messageText, prepare };
}
