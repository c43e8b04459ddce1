// The provider dropdown of the submit form: search by name, phone, location and id.
import type { Provider } from "@lab/contracts";

import { parseStoredLocation } from "@/features/places/utils/location";

const normalize = (text: string) => text.trim().toLowerCase();

/** The address a provider is shown and searched by. */
export function providerAddress(provider: Provider): string {
  return parseStoredLocation(provider)?.address ?? "";
}

/** Case-insensitive: the text in the name, phone (as stored or digits only), location or id. */
export function filterProviders(providers: readonly Provider[], text: string): Provider[] {
  const query = normalize(text);
  if (query === "") return [...providers];
  const digits = query.replace(/[\s()+-]/g, "");
  return providers.filter((provider) => {
    const phone = provider.phoneNumber.toLowerCase();
    return (
      provider.samplerName.toLowerCase().includes(query) ||
      phone.includes(query) ||
      (/^\d+$/.test(digits) && phone.replace(/\D/g, "").includes(digits)) ||
      providerAddress(provider).toLowerCase().includes(query) ||
      String(provider.id).includes(query)
    );
  });
}

/** The same name, ignoring case and surrounding spaces. */
export const sameName = (a: string, b: string): boolean => normalize(a) === normalize(b);

export function findProviderByName(providers: readonly Provider[], name: string): Provider | undefined {
  return providers.find((provider) => sameName(provider.samplerName, name));
}
