// The provider dropdown of the submit form: saved providers and the farmers saved under agents,
// searched by name, phone, location, agent and id, ignoring case and Latin diacritics.
import type { Farmer, Provider } from "@lab/contracts";

import { parseStoredLocation } from "@/utils/location";

/** Lower case without Latin diacritics ("Godāvari" is found by "godavari"); Indic vowel signs stay. */
export const searchFold = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .trim()
    .toLowerCase();
const normalize = (text: string) => text.trim().toLowerCase();

/** The address a provider (or farmer) is shown and searched by. */
export function providerAddress(
  provider: Pick<Provider, "location" | "address" | "coordinates" | "placeId">,
) {
  return parseStoredLocation(provider)?.address ?? "";
}

/** One entry of the dropdown. */
export interface ProviderChoice {
  key: string;
  /**
   * What choosing it fills the form with: the saved provider, or a farmer of an agent as a provider
   * of its own (name, phone and location of the farmer, the agent's id: the agent brings the sample).
   */
  provider: Provider;
  /** The agent's name for a farmer saved under an agent. */
  via: string | null;
}

function farmerChoice(agent: Provider, farmer: Farmer, index: number): ProviderChoice {
  return {
    key: `${agent.id}-farmer-${index}`,
    provider: {
      ...agent,
      samplerName: farmer.name,
      userType: "Farmer",
      phoneNumber: farmer.phoneNumber || agent.phoneNumber,
      altPhoneNumber: farmer.altPhoneNumber,
      location: farmer.location,
      address: farmer.address,
      coordinates: farmer.coordinates,
      placeId: farmer.placeId,
      farmers: [],
    },
    via: agent.samplerName,
  };
}

/** Every provider, each agent followed by the named farmers saved under it. */
export function providerChoices(providers: readonly Provider[]): ProviderChoice[] {
  return providers.flatMap((provider) => [
    { key: String(provider.id), provider, via: null },
    ...(provider.userType === "Agent" ? provider.farmers : [])
      .map((farmer, index) => ({ farmer, index }))
      .filter(({ farmer }) => farmer.name.trim() !== "")
      .map(({ farmer, index }) => farmerChoice(provider, farmer, index)),
  ]);
}

function matches(choice: ProviderChoice, query: string, digits: string): boolean {
  const { provider } = choice;
  const phone = provider.phoneNumber.toLowerCase();
  return (
    searchFold(provider.samplerName).includes(query) ||
    phone.includes(query) ||
    (/^\d+$/.test(digits) && phone.replace(/\D/g, "").includes(digits)) ||
    searchFold(providerAddress(provider)).includes(query) ||
    (choice.via !== null && searchFold(choice.via).includes(query)) ||
    (choice.via === null && String(provider.id).includes(query))
  );
}

/** The choices whose name, phone (as stored or digits only), location, agent or id hold the text. */
export function filterProviderChoices(providers: readonly Provider[], text: string): ProviderChoice[] {
  const choices = providerChoices(providers);
  const query = searchFold(text);
  if (query === "") return choices;
  const digits = query.replace(/[\s()+-]/g, "");
  return choices.filter((choice) => matches(choice, query, digits));
}

/** The saved providers only (no farmers), filtered as the dropdown filters. */
export function filterProviders(providers: readonly Provider[], text: string): Provider[] {
  return filterProviderChoices(providers, text)
    .filter((choice) => choice.via === null)
    .map((choice) => choice.provider);
}

/** The same name, ignoring case and surrounding spaces. */
export const sameName = (a: string, b: string): boolean => normalize(a) === normalize(b);

export function findProviderByName(providers: readonly Provider[], name: string): Provider | undefined {
  return providers.find((provider) => sameName(provider.samplerName, name));
}
