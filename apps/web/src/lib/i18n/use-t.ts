import {
  formatDate,
  formatNumber,
  type DateStyle,
  type MessageKey,
  type MessageValues,
  type Namespace,
} from "@lab/i18n";
import type { LanguageCode } from "@lab/contracts";
import { useCallback, useMemo, useSyncExternalStore } from "react";

import { getLanguage, i18n, isLoaded, namespacesReady, subscribeLanguage } from "./i18n";

export const useLanguage = (): LanguageCode =>
  useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);

export interface T<N extends Namespace> {
  (key: MessageKey<N | "common">, values?: MessageValues): string;
}

export interface Translation<N extends Namespace> {
  t: T<N>;
  language: LanguageCode;
  /** A date in India time, in the reader's language. */
  date: (value: Date | string | number, style?: DateStyle) => string;
  /** A number with Indian grouping (1,00,000). */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/**
 * The translate function of a component, typed to the namespaces it names (plus "common"): a key
 * outside them fails the typecheck. Suspends until those namespaces are loaded in the language.
 */
export function useT<N extends Namespace = "common">(...namespaces: N[]): Translation<N> {
  const language = useLanguage();
  const needed: Namespace[] = ["common", ...namespaces];
  if (needed.some((ns) => !isLoaded(language, ns))) {
    // Thrown, not use()d: React replays a component suspended by use() with the hooks it had
    // recorded, and a replay that no longer suspends calls more of them ("Update hook called on
    // initial render"); a thrown promise unwinds to the boundary and mounts afresh once loaded.
    const ready = namespacesReady(language, needed);
    // A failed load goes to the route's error page ("No connection", Retry), which asks again: a
    // rejected promise thrown again would be retried by React on every render, a storm offline.
    if (ready.status === "rejected") throw ready.reason;
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw ready;
  }
  return useMemo(
    () => ({
      t: (key, values) => i18n._(key, values),
      language,
      date: (value, style) => formatDate(language, value, style),
      number: (value, options) => formatNumber(language, value, options),
    }),
    [language],
  );
}

/**
 * A "common" text that never waits nor fails: for what must show when no catalogue could be fetched
 * (the error page, the toasts). The given English until the reader's "common" namespace is in.
 */
export function useCommonText(): (key: MessageKey<"common">, english: string) => string {
  const language = useLanguage();
  return useCallback(
    (key: MessageKey<"common">, english: string) => (isLoaded(language, "common") ? i18n._(key) : english),
    [language],
  );
}
