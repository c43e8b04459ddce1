// Server entry: catalogues read from disk once per language, English underneath every other
// language so a key missing from a catalogue (the catalogue test forbids it) still reads in English.
import { readFileSync } from "node:fs";

import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from "@lab/contracts";

import { compileCatalogue, type CatalogueFile } from "./compile";
import { formatDate, formatNumber, type DateStyle } from "./format";
import { createI18n, translateWith, type Translate } from "./translator";

const cataloguesDir = new URL("../catalogues/", import.meta.url);

/** The catalogue file of a language, as written. */
export const readCatalogue = (language: string): CatalogueFile =>
  JSON.parse(readFileSync(new URL(`${language}.json`, cataloguesDir), "utf8")) as CatalogueFile;

export interface Translator {
  readonly language: LanguageCode;
  readonly t: Translate;
  date(value: Date | string | number, style?: DateStyle): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

const translators = new Map<LanguageCode, Translator>();

/** The translator of a language, built on first use. */
export function translator(language: LanguageCode): Translator {
  const known = translators.get(language);
  if (known) return known;
  const english = compileCatalogue(readCatalogue(DEFAULT_LANGUAGE));
  const messages =
    language === DEFAULT_LANGUAGE ? english : { ...english, ...compileCatalogue(readCatalogue(language)) };
  const made: Translator = {
    language,
    t: translateWith(createI18n(language, messages)),
    date: (value, style) => formatDate(language, value, style),
    number: (value, options) => formatNumber(language, value, options),
  };
  translators.set(language, made);
  return made;
}

/** The translator for a stored or requested language; anything unknown reads English. */
export const translatorFor = (language: unknown): Translator =>
  translator(isLanguageCode(language) ? language : DEFAULT_LANGUAGE);

export { LANGUAGE_CODES };
