// Dates as the screens show them: read in the reader's language and in India time (the lab and its
// customers are in India; a phone set to another zone must not move a collection to another day).
// The YYYY-MM-DD helpers below are the date inputs' local days (the export range).
import { DISPLAY_TIME_ZONE, type LanguageCode } from "@lab/contracts";
import { formatDate as formatIn } from "@lab/i18n";

import { getLanguage } from "@/lib/i18n/i18n";

const pad = (value: number) => String(value).padStart(2, "0");

/** YYYY-MM-DD of a moment, in local time. */
export function localDate(value: Date | string | number): string {
  const date = new Date(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD HH:mm of a moment, in local time (export rows). */
export function localDateTime(value: Date | string | number): string {
  const date = new Date(value);
  return `${localDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A readable date and time for cards and the timeline, in India time and the reader's language
 * (a component passes useT's `language`, so that it shows again when the language changes).
 */
export function formatDateTime(value: string, language: LanguageCode = getLanguage()): string {
  return formatIn(language, value, "dateTime") || value;
}

export function formatDate(value: string, language: LanguageCode = getLanguage()): string {
  return formatIn(language, value, "date") || value;
}

const indiaParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * YYYY-MM-DD HH:mm in India time (export rows): a spreadsheet in any language sorts and reads it as a
 * date, and it is the same moment wherever the file is opened.
 */
export function indiaDateTime(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const parts = indiaParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/**
 * A YYYY-MM-DD day (a date input) as a moment inside that same day in India time, for the date
 * formatter: noon India time is that day everywhere the formatter looks.
 */
export const indiaNoonOf = (day: string): string => `${day}T12:00:00+05:30`;

/** The first and last instants of a local YYYY-MM-DD range, as ISO times for the API. */
export function localDayRange(from: string, to: string): { from: string; to: string } {
  const start = parseLocalDate(from);
  const end = parseLocalDate(to);
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: new Date(end.getTime() - 1).toISOString() };
}

export function parseLocalDate(value: string): Date {
  const [year = 0, month = 1, day = 1] = value.split("-").map(Number);
  return new Date(year, month - 1, day);
}
