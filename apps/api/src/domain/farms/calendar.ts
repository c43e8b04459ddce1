import { CAA_EXPIRING_DAYS, type CaaStatus } from "@lab/contracts";

// India keeps one offset all year (no daylight saving): +05:30.
const INDIA_OFFSET_MS = 330 * 60_000;

/** The calendar day in India at an instant, YYYY-MM-DD. */
export const indiaDay = (at: Date): string =>
  new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD day moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A CAA registration stands through its expiry day; within the last CAA_EXPIRING_DAYS it is expiring. */
export function caaStatusOf(expiresOn: string | null, today: string): CaaStatus {
  if (expiresOn === null) return "unknown";
  if (expiresOn < today) return "expired";
  return expiresOn <= addDays(today, CAA_EXPIRING_DAYS) ? "expiring" : "valid";
}
