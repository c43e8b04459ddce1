import { DISPLAY_TIME_ZONE, intlLocale, type LanguageCode } from "@lab/contracts";

// Intl formatters are costly to build and cheap to reuse.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export type DateStyle = "date" | "dateTime" | "time" | "longDate";
const dateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  longDate: { dateStyle: "long" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  time: { timeStyle: "short" },
};

/** A date in the reader's language, in India time. */
export function formatDate(
  language: LanguageCode,
  value: Date | string | number,
  style: DateStyle = "dateTime",
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const cacheKey = `${language}|${style}`;
  let format = dateTimeFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      ...dateOptions[style],
      timeZone: DISPLAY_TIME_ZONE,
    });
    dateTimeFormats.set(cacheKey, format);
  }
  return format.format(date);
}

/** A number in the reader's language with Indian grouping (1,00,000) and Latin digits. */
export function formatNumber(
  language: LanguageCode,
  value: number,
  options: Intl.NumberFormatOptions = {},
): string {
  const cacheKey = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    numberFormats.set(cacheKey, format);
  }
  return format.format(value);
}
