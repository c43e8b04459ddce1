// The offline gazetteer of India: its sources (sources.ts), how a typed query is read
// (query-texts.ts, words.ts) and the index that searches it and finds the nearest town (gazetteer.ts).
export { createGazetteer, lazyGazetteer, NEAREST_MAX_KM, type Gazetteer } from "./gazetteer";
export type { Place } from "./sources";
export { editDistance, normalize } from "./words";
