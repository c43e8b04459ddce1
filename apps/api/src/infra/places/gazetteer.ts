import { createHash } from "node:crypto";

import { PLACES_MAX_RESULTS, type NearestPlace, type PlaceKind, type PlaceSuggestion } from "@lab/contracts";

import { distanceKm } from "../../lib/distance";

import { queryTexts } from "./query-texts";
import { loadPlaces, type Place } from "./sources";
import { normalize, wordsOf } from "./words";

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

/**
 * A gazetteer built on first use, then kept: building it takes a moment, so a process starts without
 * waiting for it (the server builds it just after it listens, before a customer's first keystroke).
 */
export function lazyGazetteer(build: () => Gazetteer = () => createGazetteer()): () => Gazetteer {
  let built: Gazetteer | undefined;
  return () => (built ??= build());
}
