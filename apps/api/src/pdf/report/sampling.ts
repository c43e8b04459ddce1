// How the sample was taken and how it arrived, when a field agent collected it through the field app:
// who and when, where (GPS with its accuracy, the distance to the pond and any deviation), seals,
// containers and quantity, temperatures and cold chain, and reception's check on arrival. One compact
// paragraph beside its caption (English, then the account's language under it), so that a one-page
// certificate stays one page where it can.
import type { MessageKey } from "@lab/i18n";

import type { DocumentWords } from "../coa-words";
import { drawTable, labelColumnWidth } from "../layout";
import { coordinates } from "./identity";
import type { SamplingFacts } from "./input";
import { BOTTOM, CONTENT, indiaTime, PAGE, TEAL, type Sheet } from "./sheet";

type Reception = NonNullable<SamplingFacts["reception"]>;
type Values = Record<string, string | number>;

/** One item of the paragraph: its English text, and its text in the account's language (null: the same). */
interface Item {
  en: string;
  local: string | null;
}

const SIZE = 8;

/** A stored decimal as people write it: "30.00" → "30", "0.50" → "0.5"; temperatures keep one place. */
const plain = (value: string): string => String(Number(value));
const celsius = (value: string): string => Number(value).toFixed(1);

/** Seal numbers as listed. */
const listed = (values: readonly string[]): string => (values.length === 0 ? "—" : values.join(", "));

/** A message in both languages. */
const said = (w: DocumentWords, key: MessageKey, values?: Values, localValues?: Values): Item => ({
  en: w.en(key, values),
  local: w.local(key, localValues ?? values),
});

/** "Label: value", the label in each language, the value given in each (or the same in both). */
function labelled(w: DocumentWords, key: MessageKey, en: string, local: string | null = null): Item {
  const localLabel = w.local(key);
  if (localLabel === null && local === null) return { en: `${w.en(key)}: ${en}`, local: null };
  return { en: `${w.en(key)}: ${en}`, local: `${localLabel ?? w.en(key)}: ${local ?? en}` };
}

/** Items joined into one line of text in a language. */
const joined = (items: readonly Item[], local: boolean): string =>
  items.map((item) => (local ? (item.local ?? item.en) : item.en)).join(" · ");

/** Reasons from reception's fixed list, joined, in English or in the account's language. */
const reasonList = (w: DocumentWords, reasons: readonly string[], local: boolean): string =>
  reasons
    .map((reason) => {
      const key = `coa.sampling.reason.${reason}`;
      return (local ? w.optional(key) : null) ?? w.en(key as MessageKey);
    })
    .join(", ");

/** The agent, when they took the sample (India time), and who handed it over. */
function agentItem(w: DocumentWords, sampling: SamplingFacts): Item {
  const handed = said(w, "coa.sampling.handedOverBy", { name: sampling.farmerName });
  const enDate = indiaTime(sampling.collectedAt);
  const localDate = w.date(sampling.collectedAt, "dateTime");
  return labelled(
    w,
    "coa.sampling.agent",
    `${sampling.agent}, ${enDate}, ${handed.en}`,
    w.bilingual ? `${sampling.agent}, ${localDate ?? enDate}, ${handed.local ?? handed.en}` : null,
  );
}

/** "41 m from the pond" (or the farm), or that no point was recorded to measure from. */
function distanceItem(w: DocumentWords, sampling: SamplingFacts): Item {
  if (sampling.distanceM === null || sampling.distanceFrom === null)
    return said(w, "coa.sampling.distanceUnknown");
  const key =
    sampling.distanceFrom === "pond" ? "coa.sampling.distanceFrom.pond" : "coa.sampling.distanceFrom.farm";
  return said(w, key, { distance: String(Math.round(sampling.distanceM)) });
}

/** "2 containers, 30 animals" (or "500 g"). */
function quantityItem(w: DocumentWords, sampling: SamplingFacts): Item {
  const containers = said(w, "coa.sampling.containerCount", { count: sampling.containers });
  const amount =
    sampling.quantityUnit === "count"
      ? said(w, "coa.sampling.quantity.count", { quantity: Number(sampling.quantity) })
      : said(w, "coa.sampling.quantity.g", { quantity: plain(sampling.quantity) });
  const local =
    containers.local === null && amount.local === null
      ? null
      : `${containers.local ?? containers.en}, ${amount.local ?? amount.en}`;
  return { en: `${containers.en}, ${amount.en}`, local };
}

/** "At collection: water 28.5 °C, sample 4.0 °C", whichever the agent measured; null when neither. */
function temperatureItem(w: DocumentWords, sampling: SamplingFacts): Item | null {
  const parts: Item[] = [];
  if (sampling.waterTempC !== null)
    parts.push(said(w, "coa.sampling.waterTemp", { value: celsius(sampling.waterTempC) }));
  if (sampling.sampleTempC !== null)
    parts.push(said(w, "coa.sampling.sampleTemp", { value: celsius(sampling.sampleTempC) }));
  if (parts.length === 0) return null;
  return labelled(
    w,
    "coa.sampling.temperature",
    parts.map((part) => part.en).join(", "),
    w.bilingual ? parts.map((part) => part.local ?? part.en).join(", ") : null,
  );
}

/** When the lab received it, and the temperature reception measured. */
function receivedItem(w: DocumentWords, reception: Reception): Item {
  const enDate = indiaTime(reception.at);
  const localDate = w.date(reception.at, "dateTime") ?? enDate;
  if (reception.temperatureC === null) return labelled(w, "coa.sampling.received", enDate, localDate);
  const temperature = said(w, "coa.sampling.receiptTemp", { value: celsius(reception.temperatureC) });
  return labelled(
    w,
    "coa.sampling.received",
    `${enDate}, ${temperature.en}`,
    w.bilingual ? `${localDate}, ${temperature.local ?? temperature.en}` : null,
  );
}

/** The seals as reception found them: whole or broken, and whether their numbers are the agent's. */
function sealItems(w: DocumentWords, reception: Reception): Item[] {
  const items: Item[] = [];
  if (reception.sealIntact === false) items.push(said(w, "coa.sampling.seal.broken"));
  if (reception.sealsMatch === false)
    items.push(said(w, "coa.sampling.seal.mismatch", { seals: listed(reception.seals ?? []) }));
  else if (reception.sealsMatch === true)
    items.push(
      said(w, reception.sealIntact === false ? "coa.sampling.seal.match" : "coa.sampling.seal.intactMatch"),
    );
  else if (reception.sealIntact === true) items.push(said(w, "coa.sampling.seal.intact"));
  return items;
}

/** Reception's decision: accepted, or the deviation tested with the customer's consent and its record. */
function decisionItems(w: DocumentWords, reception: Reception): Item[] {
  if (reception.decision === "accepted") return [said(w, "coa.sampling.decision.accepted")];
  const key =
    reception.decision === "consent" ? "coa.sampling.decision.consent" : "coa.sampling.decision.rejected";
  const items = [
    said(
      w,
      key,
      { reasons: reasonList(w, reception.reasons, false) },
      { reasons: reasonList(w, reception.reasons, true) },
    ),
  ];
  // The consent as reception recorded it (who gave it, when and how), in the words it was written.
  const note = reception.note?.trim() ?? "";
  if (note !== "") items.push({ en: note, local: null });
  return items;
}

/** The block's text: English, and under it the account's language when it reads differently. */
export function samplingText(w: DocumentWords, sampling: SamplingFacts): string {
  const items: Item[] = [
    agentItem(w, sampling),
    labelled(
      w,
      "coa.sampling.gps",
      `${coordinates(sampling.lat, sampling.lng) ?? "—"} ± ${Math.round(sampling.accuracyM)} m`,
    ),
    distanceItem(w, sampling),
  ];
  const reason = sampling.distanceReason?.trim() ?? "";
  if (reason !== "") items.push(said(w, "coa.sampling.deviation", { reason }));
  items.push(labelled(w, "coa.sampling.seals", listed(sampling.seals)), quantityItem(w, sampling));
  const temperature = temperatureItem(w, sampling);
  if (temperature) items.push(temperature);
  const coldChain = said(w, `coa.sampling.coldChain.${sampling.coldChain}`);
  items.push(labelled(w, "coa.sampling.coldChain", coldChain.en, coldChain.local));
  if (sampling.reception) {
    items.push(
      receivedItem(w, sampling.reception),
      ...sealItems(w, sampling.reception),
      ...decisionItems(w, sampling.reception),
    );
  }
  const english = joined(items, false);
  if (!w.bilingual) return english;
  const local = joined(items, true);
  return local === english ? english : `${english}\n${local}`;
}

/** The "Sampling" block under the sample's facts (and a screening report's farm facts). */
export async function drawSampling(sheet: Sheet, sampling: SamplingFacts, top: number): Promise<number> {
  const { doc, w } = sheet;
  const captionText = w.stacked("coa.sampling.caption");
  const captionStyle = { size: SIZE, weight: "bold" as const };
  const captionWidth = w.bilingual
    ? labelColumnWidth(doc, captionText.split("\n"), captionStyle, 2, 48, 110)
    : 48;
  return drawTable(doc, {
    x: PAGE.margin,
    y: top + 6,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    size: SIZE,
    columns: [
      { header: "", width: captionWidth },
      { header: "", width: CONTENT - captionWidth },
    ],
    rows: [[{ text: captionText, weight: "bold", color: TEAL }, { text: samplingText(w, sampling) }]],
  });
}
