// Dates as the samples screens show them, in the browser's time zone.

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

/** A readable date and time for cards and the timeline. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { dateStyle: "medium" });
}

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
