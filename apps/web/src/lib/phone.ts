/**
 * A stored E.164 number the way people in India write it: "+919440012345" → "+91 94400 12345".
 * Other numbers are shown as stored: formatting them right needs the phone metadata (the API's
 * libphonenumber), too heavy for the bundle for the rare foreign number.
 */
export function formatPhone(e164: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(e164.trim());
  return indian ? `+91 ${indian[1]} ${indian[2]}` : e164.trim();
}
