/** Domains whose mailboxes ignore dots in the local part, mapped to one name for both. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/**
 * The inbox an address most likely reaches, as the key of a per-address limit: lower-cased, without
 * a `+tag`, and for Gmail without dots and with googlemail.com read as gmail.com. Used only to count,
 * never to send or to identify an account.
 *
 * The `+tag` is dropped for every domain, though a few providers deliver `a+b@` to another mailbox
 * than `a@`: a limit that merges two inboxes refuses a little early, while one that splits an inbox
 * lets anyone multiply the mail it receives. (npm's `normalize-email` strips tags only for five
 * providers and drops dots for live.com, where they matter, so it does not fit.)
 */
export function inboxKey(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf("@");
  if (at <= 0 || at === lowered.length - 1) return lowered;
  const domain = lowered.slice(at + 1);
  const plus = lowered.indexOf("+");
  // A local part that is only a tag ("+x@") keeps it: stripping would leave nothing to count by.
  let local = plus > 0 && plus < at ? lowered.slice(0, plus) : lowered.slice(0, at);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless === undefined) return `${local}@${domain}`;
  local = local.replaceAll(".", "");
  return `${local === "" ? lowered.slice(0, at) : local}@${dotless}`;
}
