import type { AnyMessageParams, MessageKey as ContractsKey } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { errorIdOf, getLanguage, hasMessage, isPlainMessage, loadNamespaces, translate } from "./i18n";
import { useT } from "./use-t";

/**
 * What the app shows as a message: one of contracts' messages by key (`{ key, params }`, or a plain
 * key as a string, e.g. a schema's issue), else a text as it came (a name staff typed). `text` on a
 * message is the server's English, kept for when the catalogue cannot be fetched.
 */
export type Shown = ShownMessage | string;

export interface ShownMessage {
  readonly key: ContractsKey;
  readonly params?: AnyMessageParams | undefined;
  readonly text?: string | undefined;
}

const idOf = (key: string) => `errors.${key}`;

/** The key of a server `messageCode` (`invalid_credentials` → `invalidCredentials`). */
export const keyOfCode = (code: string): string =>
  code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The message a `Shown` says, once the "errors" namespace is loaded (useMessageText and
 * <LocalizedMessage> load it): by its key, by the server's `messageCode`, or by a schema's English
 * issue text. Undefined for any other text.
 */
export function messageOf(
  shown: Shown,
  messageCode?: string,
): { id: MessageKey; params?: AnyMessageParams | undefined } | undefined {
  if (typeof shown !== "string")
    return hasMessage(idOf(shown.key))
      ? { id: idOf(shown.key) as MessageKey, params: shown.params }
      : undefined;
  // A code alone carries no values: a message with placeholders then shows the server's English.
  if (messageCode !== undefined && isPlainMessage(idOf(keyOfCode(messageCode)))) {
    return { id: idOf(keyOfCode(messageCode)) as MessageKey };
  }
  if (hasMessage(idOf(shown))) return { id: idOf(shown) as MessageKey };
  const id = errorIdOf(shown);
  return id === undefined ? undefined : { id: id as MessageKey };
}

/** What shows while the catalogue is not in: the server's English, else the text, else the key. */
export const fallbackOf = (shown: Shown): string =>
  typeof shown === "string" ? shown : (shown.text ?? shown.key);

/** A message by key, with the values of its placeholders: `said("providerDeleted")`. */
export const said = (key: ContractsKey, params?: AnyMessageParams): ShownMessage => ({ key, params });

/**
 * A message (a server error, a schema's issue, a toast) in the reader's language; any other text as
 * it came. Loads the "errors" namespace: call it only where an error is on screen, or use
 * <LocalizedMessage>, which shows the fallback until the namespace is in.
 */
export function useMessageText() {
  useT("errors");
  return (shown: Shown, messageCode?: string) => {
    const found = messageOf(shown, messageCode);
    return found ? translate(found.id, found.params) : fallbackOf(shown);
  };
}

/** The same as plain text (a toast, a `title`), never loading or waiting: the fallback until "errors" is in. */
export function messageText(shown: Shown, messageCode?: string): string {
  const found = messageOf(shown, messageCode);
  return found ? translate(found.id, found.params) : fallbackOf(shown);
}

/** The same for a toast raised in a callback: loads "errors" first, and gives the fallback if that fails. */
export async function loadedMessageText(shown: Shown, messageCode?: string): Promise<string> {
  try {
    await loadNamespaces(getLanguage(), ["errors"]);
  } catch {
    return fallbackOf(shown);
  }
  return messageText(shown, messageCode);
}

/**
 * A message as one string, for a place that keeps only strings (a form library's field error): a
 * plain message as its key (shown later in the reader's language), one with values as its text now.
 */
export const shownAsString = (shown: Shown): string =>
  typeof shown === "string" ? shown : shown.params === undefined ? shown.key : messageText(shown);
