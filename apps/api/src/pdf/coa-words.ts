// The words of a PDF in two languages: English always (a buyer abroad reads the same certificate as
// the farmer), and the account's language beside or under it. For an English account every helper
// gives the English text alone, so an English document reads as it always did.
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "@lab/contracts";
import type { DateStyle, MessageKey, MessageValues } from "@lab/i18n";
import { translator, type Translator } from "@lab/i18n/node";

export interface DocumentWords {
  readonly language: LanguageCode;
  /** Whether a second language is printed beside English. */
  readonly bilingual: boolean;
  /** The English text. */
  en(key: MessageKey, values?: MessageValues): string;
  /** The text in the account's language, or null for English (or where it reads the same). */
  local(key: MessageKey, values?: MessageValues): string | null;
  /**
   * "English / local" on one line (headings, labels before a colon). `localValues` fill the local
   * text where they differ (a date written in the account's language).
   */
  inline(key: MessageKey, values?: MessageValues, localValues?: MessageValues): string;
  /** "English", a new line, "local" (table heads, narrow cells, sentences). */
  stacked(key: MessageKey, values?: MessageValues, localValues?: MessageValues): string;
  /**
   * A key built from data (`results.param.CAP`, `domain.category.Tiger Shrimp`): its text in the
   * account's language when the catalogue has it and it differs from English, else null.
   */
  optional(key: string): string | null;
  /** A date in the account's language, India time; null for English. */
  date(value: Date, style: DateStyle): string | null;
}

const english = (): Translator => translator(DEFAULT_LANGUAGE);

/** The translator of a language; English when its catalogue cannot be read (a document still renders). */
function safeTranslator(language: LanguageCode): Translator {
  try {
    return translator(language);
  } catch {
    return english();
  }
}

const made = new Map<LanguageCode, DocumentWords>();

/** The words of a document for an account's stored language (anything unknown reads English). */
export function documentWords(language: unknown): DocumentWords {
  const code: LanguageCode = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const known = made.get(code);
  if (known) return known;
  const en = english();
  const tr = safeTranslator(code);
  const bilingual = tr.language !== DEFAULT_LANGUAGE;
  const local = (key: MessageKey, values?: MessageValues): string | null => {
    if (!bilingual) return null;
    const text = tr.t(key, values);
    return text === en.t(key, values) ? null : text;
  };
  const words: DocumentWords = {
    language: code,
    bilingual,
    en: (key, values) => en.t(key, values),
    local,
    inline: (key, values, localValues) => {
      const other = local(key, localValues ?? values);
      return other === null ? en.t(key, values) : `${en.t(key, values)} / ${other}`;
    },
    stacked: (key, values, localValues) => {
      const other = local(key, localValues ?? values);
      return other === null ? en.t(key, values) : `${en.t(key, values)}\n${other}`;
    },
    optional: (key) => {
      if (!bilingual) return null;
      // A key the catalogue lacks comes back as itself; an English fallback reads as English.
      const id = key as MessageKey;
      const text = tr.t(id);
      return text === key || text === en.t(id) ? null : text;
    },
    date: (value, style) => (bilingual ? tr.date(value, style) : null),
  };
  made.set(code, words);
  return words;
}

/** "English" and, on a new line, its localized form when there is one. */
export const under = (english: string, local: string | null): string =>
  local === null || local === english ? english : `${english}\n${local}`;

/**
 * Names from a shared list (test types, categories) in the account's language, joined like the
 * English ones: null when none of them is translated (an English line alone is printed).
 */
export function localizedList(w: DocumentWords, prefix: string, values: readonly string[]): string | null {
  const local = values.map((value) => w.optional(`${prefix}${value}`));
  if (local.every((entry) => entry === null)) return null;
  return local.map((entry, index) => entry ?? values[index] ?? "").join(", ");
}
