/** datetime-local text (local time) as an ISO instant; empty stays undefined. */
export function etaToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
