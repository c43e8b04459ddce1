/** Locations are cut at 60 characters on desktop and 30 on phones (docs/product-rules.md, Limits). */
export const LOCATION_LIMIT_DESKTOP = 60;
export const LOCATION_LIMIT_PHONE = 30;

/** The first `limit` characters and an ellipsis, or the text itself when it fits. */
export function truncateText(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  return { text: `${text.slice(0, limit).trimEnd()}...`, truncated: true };
}
