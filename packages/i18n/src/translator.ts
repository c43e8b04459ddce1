import { intlLocale, type LanguageCode } from "@lab/contracts";
import { setupI18n, type I18n } from "@lingui/core";

import type { CompiledNamespace } from "./compile";
import type { MessageKey, MessageValues } from "./keys";

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A Lingui instance for one language; the web app and the server each feed it compiled messages. */
export function createI18n(language: LanguageCode, messages: CompiledNamespace = {}): I18n {
  return setupI18n({ locale: language, locales: [intlLocale(language)], messages: { [language]: messages } });
}

/** The typed translate function of an instance: a key that is not in the English catalogue fails the typecheck. */
export const translateWith =
  (i18n: I18n): Translate =>
  (key, values) =>
    i18n._(key, values);
