// The web app's language: which one is active, which catalogue namespaces are loaded, and how the
// choice is remembered. Catalogues are lazy chunks (packages/i18n/src/vite-plugin.ts): a page
// downloads only its namespaces, in its reader's language.
import {
  DEFAULT_LANGUAGE,
  intlLocale,
  isLanguageCode,
  matchLanguage,
  type LanguageCode,
} from "@lab/contracts";
import type { MessageKey, MessageValues, Namespace } from "@lab/i18n";
import { setupI18n } from "@lingui/core";
import { loadCatalogue, namespaces as webNamespaces } from "virtual:i18n/loaders";

import { retryRound, withRetries } from "../network";

const STORAGE_KEY = "lab.language";

export const i18n = setupI18n();

function storedLanguage(): LanguageCode | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguageCode(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first language: the one chosen on this device before, else the browser's, else English. */
export function initialLanguage(): LanguageCode {
  return storedLanguage() ?? matchLanguage(typeof navigator === "undefined" ? [] : navigator.languages);
}

let current: LanguageCode = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
const pending = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/** Namespaces any screen asked for: a language switch loads them all before it shows. */
const used = new Set<Namespace>(["common"]);

const slot = (language: LanguageCode, ns: Namespace) => `${language}/${ns}`;

export const isLoaded = (language: LanguageCode, ns: Namespace) => loaded.has(slot(language, ns));

/**
 * The spec's English messages by text → their catalogue id ("errors.invalidCredentials"), read from
 * the English "errors" chunk when errors are first needed: a zod issue or a toast carries the English
 * text, and the web must not bundle contracts' message object on /login to look it up.
 */
let errorIdByText: Map<string, string> | undefined;
let errorLookup: Promise<void> | undefined;
function loadErrorLookup(): Promise<void> {
  errorLookup ??= withRetries(() => loadCatalogue("en", "errors")).then((module) => {
    errorIdByText = new Map(
      Object.entries(module.default).flatMap(([id, compiled]) =>
        compiled.every((token) => typeof token === "string") ? [[compiled.join(""), id] as const] : [],
      ),
    );
  });
  errorLookup.catch(() => (errorLookup = undefined));
  return errorLookup;
}

/** The catalogue id of one of the spec's English messages, once the "errors" namespace was loaded. */
export const errorIdOf = (text: string): string | undefined => errorIdByText?.get(text);

/** Loads namespaces of a language (each once); resolves when all are in. */
export function loadNamespaces(language: LanguageCode, namespaces: readonly Namespace[]): Promise<void> {
  const waits = namespaces.map((ns) => {
    used.add(ns);
    const key = slot(language, ns);
    let wait = pending.get(key);
    if (!wait) {
      wait = webNamespaces.includes(ns)
        ? Promise.all([
            withRetries(() => loadCatalogue(language, ns)),
            ns === "errors" ? loadErrorLookup() : undefined,
          ]).then(([module]) => {
            i18n.load(language, module.default);
            loaded.add(key);
          })
        : Promise.resolve();
      pending.set(key, wait);
      // A failed chunk (offline) may be asked for again.
      wait.catch(() => pending.delete(key));
    }
    return wait;
  });
  return Promise.all(waits).then(() => undefined);
}

/** A promise that says whether it has settled, as React reads a suspending thenable. */
export type Tracked = Promise<void> & {
  status?: "pending" | "fulfilled" | "rejected";
  value?: undefined;
  reason?: unknown;
  /** The retry round it failed in: it is tried again only in a later one. */
  round?: number;
};
const groups = new Map<string, Tracked>();
/**
 * The same promise for the same set of namespaces, marked settled, for a component to suspend on
 * while they load (useT). A failed one stays failed (useT throws its reason to the route's error
 * page) until a later retry round: asking again on every render was a storm of requests offline.
 */
export function namespacesReady(language: LanguageCode, namespaces: readonly Namespace[]): Tracked {
  const key = `${language}:${namespaces.join(",")}`;
  let wait = groups.get(key);
  if (wait?.status === "rejected" && wait.round !== retryRound()) wait = undefined;
  if (!wait) {
    const tracked: Tracked = namespaces.every((ns) => isLoaded(language, ns))
      ? Promise.resolve()
      : loadNamespaces(language, namespaces);
    if (namespaces.every((ns) => isLoaded(language, ns))) {
      tracked.status = "fulfilled";
      tracked.value = undefined;
    } else {
      tracked.status = "pending";
      tracked.then(
        () => {
          tracked.status = "fulfilled";
          tracked.value = undefined;
        },
        (reason: unknown) => {
          tracked.status = "rejected";
          tracked.reason = reason;
          tracked.round = retryRound();
        },
      );
    }
    wait = tracked;
    groups.set(key, wait);
  }
  return wait;
}

function show(language: LanguageCode) {
  current = language;
  i18n.activate(language, [intlLocale(language)]);
  if (typeof document !== "undefined") document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** Switches the language once every namespace in use is loaded, and remembers it on this device. */
export async function setLanguage(language: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts this visit.
  }
  if (language === current && i18n.locale === language) return;
  await loadNamespaces(language, [...used]);
  show(language);
}

/** Start-up: the first language with its common namespace (and any the first page needs). */
export async function startI18n(namespaces: readonly Namespace[] = []): Promise<void> {
  const language = initialLanguage();
  await loadNamespaces(language, ["common", ...namespaces]);
  show(language);
}

export const getLanguage = () => current;
export function subscribeLanguage(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Translation outside a component (a toast raised in a hook's callback). The namespace must already
 * be loaded, which it is when the component that raised it rendered with useT() of that namespace.
 */
export const translate = (key: MessageKey, values?: MessageValues): string => i18n._(key, values);

/** Whether the catalogues hold a key: for names that arrive as data (a test type, a parameter). */
export const hasMessage = (key: string): boolean => {
  const id = i18n.messages[key];
  return id !== undefined;
};

/** Whether a loaded message has no placeholders (it reads in full without values). */
export const isPlainMessage = (key: string): boolean => {
  const compiled: unknown = i18n.messages[key];
  return Array.isArray(compiled) && compiled.every((token) => typeof token === "string");
};

/**
 * A key built from data ("domain.status.TESTING", a parameter code): its text in the active language
 * when a loaded catalogue has it, else the fallback (a name staff created, a namespace not in yet).
 */
export const translateKnown = (key: string, fallback: string): string =>
  hasMessage(key) ? translate(key as MessageKey) : fallback;
