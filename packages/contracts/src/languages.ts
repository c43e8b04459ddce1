// The portal's languages. Adding one is its catalogue file (packages/i18n/catalogues/<code>.json)
// plus one line here (docs/i18n.md). English holds the spec's texts verbatim.
export const languages = [
  { code: "en", name: "English", nativeName: "English" },
  { code: "te", name: "Telugu", nativeName: "తెలుగు" },
  { code: "hi", name: "Hindi", nativeName: "हिन्दी" },
  { code: "ta", name: "Tamil", nativeName: "தமிழ்" },
  { code: "bn", name: "Bengali", nativeName: "বাংলা" },
  { code: "gu", name: "Gujarati", nativeName: "ગુજરાતી" },
  { code: "or", name: "Odia", nativeName: "ଓଡ଼ିଆ" },
  { code: "ml", name: "Malayalam", nativeName: "മലയാളം" },
] as const;

export type LanguageCode = (typeof languages)[number]["code"];
export const LANGUAGE_CODES = languages.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);

/**
 * The portal language for a person's preferences, most wanted first (navigator.languages or an
 * Accept-Language header's tags): the first whose primary subtag we have, else English.
 */
export function matchLanguage(preferences: readonly string[]): LanguageCode {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguageCode(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The Intl locale of a language: India's conventions (1,00,000 grouping) and Latin digits. */
export const intlLocale = (code: LanguageCode): string => `${code}-IN-u-nu-latn`;

/** Times are shown in India time, wherever the reader's device is. */
export const DISPLAY_TIME_ZONE = "Asia/Kolkata";
