// What a pre-harvest screening report adds to the certificate: under its title, until when it clears
// the harvest and that it is not MPEDA's PHT certificate; after the sample's facts, the farm, pond,
// crop and harvest lot it was taken from.
import { under } from "../coa-words";
import {
  drawTable,
  drawText,
  labelColumnWidth,
  wrap,
  lineHeight,
  type Cell,
  type TextStyle,
} from "../layout";
import type { ScreeningFacts } from "./input";
import {
  BOTTOM,
  caption,
  CONTENT,
  datesUnder,
  day,
  FAIL,
  label,
  LABEL_STYLE,
  PAGE,
  PASS,
  type Sheet,
} from "./sheet";

/** An India calendar day (YYYY-MM-DD) as an instant: its midnight in India, which `day` prints as that day. */
const indiaMidnight = (isoDay: string): Date => new Date(`${isoDay}T00:00:00+05:30`);

/** A calendar day in English, and in the account's language beside it. */
function bothDays(sheet: Sheet, isoDay: string): { en: string; local: string } {
  const at = indiaMidnight(isoDay);
  const en = day(at);
  return { en, local: sheet.w.date(at, "date") ?? en };
}

/** A calendar day in English, and under it in the account's language (table cells). */
const dayCell = (sheet: Sheet, isoDay: string): string => {
  const at = indiaMidnight(isoDay);
  return datesUnder(sheet.w, at, day(at), "date");
};

/**
 * Under the title: until when the screening clears the harvest (only a report that certifies some
 * market clears it), and plainly that this is not MPEDA's pre-harvest test certificate.
 */
export function drawScreeningStanding(
  sheet: Sheet,
  screening: ScreeningFacts,
  top: number,
  width: number,
): number {
  const { doc, w, number } = sheet;
  const left = PAGE.margin;
  let y = top + 2;
  if (number) {
    const until = bothDays(sheet, screening.validUntil);
    y += drawText(
      doc,
      w.stacked("coa.screening.validUntil", { date: until.en }, { date: until.local }),
      left,
      y,
      { size: 12, weight: "bold", color: PASS },
      width,
    );
  } else {
    y += drawText(
      doc,
      w.stacked("coa.screening.notCleared"),
      left,
      y,
      { size: 12, weight: "bold", color: FAIL },
      width,
    );
  }
  y += drawText(doc, w.stacked("coa.screening.notPht"), left, y + 2, { size: 9 }, width) + 2;
  return y;
}

/** The farm's CAA registration with its expiry, as the table prints it. */
function caaText(sheet: Sheet, farm: ScreeningFacts["farm"]): string {
  if (farm.caaRegistration === null) return "—";
  if (farm.caaExpiresOn === null) return farm.caaRegistration;
  const until = bothDays(sheet, farm.caaExpiresOn);
  return sheet.w.stacked(
    "coa.screening.caaUntil",
    { number: farm.caaRegistration, date: until.en },
    { number: farm.caaRegistration, date: until.local },
  );
}

/** What the farmer declared about the crop's treatments: none, or each substance, dose and dates. */
function treatmentsText(sheet: Sheet, crop: ScreeningFacts["crop"]): string {
  if (crop.noTreatments || crop.treatments.length === 0) return sheet.w.stacked("coa.screening.noTreatments");
  return crop.treatments
    .map((treatment) => {
      const from = /^\d{4}-\d{2}-\d{2}$/.test(treatment.from)
        ? day(indiaMidnight(treatment.from))
        : treatment.from;
      const to = /^\d{4}-\d{2}-\d{2}$/.test(treatment.to) ? day(indiaMidnight(treatment.to)) : treatment.to;
      return `${treatment.substance}, ${treatment.dose}, ${from} – ${to}`;
    })
    .join("\n");
}

/** Who took the sample, when (the day the validity counts from) and where, from what the sample records. */
function samplingText(sheet: Sheet, screening: ScreeningFacts): string {
  const { input } = sheet;
  const who = input.agent ?? input.sample.samplerName;
  const where = input.sample.samplerLocation;
  const when = dayCell(sheet, screening.sampledOn);
  return [when, [who, where].filter((part) => part !== "").join(", ")].join("\n");
}

/** A registration number with the body that issued it, unless the number already says so. */
const tagged = (body: string, number: string): string =>
  number.toUpperCase().startsWith(body) ? number : `${body} ${number}`;

/** A warning line, or a note, kept whole on a page. */
function drawNote(sheet: Sheet, text: string, y: number, style: TextStyle): number {
  const { doc } = sheet;
  let top = y;
  if (top + wrap(doc, text, style, CONTENT).length * lineHeight(style) > BOTTOM) {
    doc.addPage();
    top = PAGE.margin;
  }
  return top + drawText(doc, text, PAGE.margin, top, style, CONTENT);
}

/**
 * The farm with its registrations, the pond, the crop with its hatchery and declared treatments, the
 * lot with its buyer and MPEDA's PHT certificate number when the lot records one, and the sampling;
 * then a warning when the farm's CAA registration has expired or expires within 30 days.
 */
export async function drawScreeningFacts(
  sheet: Sheet,
  screening: ScreeningFacts,
  top: number,
): Promise<number> {
  const { doc, w } = sheet;
  const { farm, crop, lot, buyer } = screening;
  const dash = (value: string | null) => (value === null || value === "" ? "—" : value);
  const hatchery =
    crop.hatcheryName === null
      ? dash(crop.hatcheryRegistration)
      : crop.hatcheryRegistration === null
        ? crop.hatcheryName
        : `${crop.hatcheryName} (${tagged("CAA", crop.hatcheryRegistration)})`;
  const species = under(crop.species, w.optional(`domain.category.${crop.species}`));
  const facts: [string, string][] = [
    [w.stacked("coa.screening.farm"), farm.name],
    [w.stacked("coa.screening.mpeda"), dash(farm.mpedaEnrolment)],
    [w.stacked("coa.screening.caa"), caaText(sheet, farm)],
    [w.stacked("coa.screening.stateLicence"), dash(farm.stateLicence)],
    [w.stacked("coa.screening.pond"), screening.pondCode],
    [w.stacked("coa.screening.species"), species],
    [w.stacked("coa.screening.stockedOn"), dayCell(sheet, crop.stockedOn)],
    [w.stacked("coa.screening.hatchery"), hatchery],
    [w.stacked("coa.screening.treatments"), treatmentsText(sheet, crop)],
    [w.stacked("coa.screening.lot"), lot.code],
    [w.stacked("coa.screening.expectedOn"), dayCell(sheet, lot.expectedOn)],
    [
      w.stacked("coa.screening.buyer"),
      buyer === null ? "—" : buyer.eic === null ? buyer.name : `${buyer.name} (${tagged("EIC", buyer.eic)})`,
    ],
    [w.stacked("coa.screening.sampling"), samplingText(sheet, screening)],
  ];
  if (lot.phtCertificate !== null) facts.push([w.stacked("coa.screening.pht"), lot.phtCertificate]);
  const rows: Cell[][] = [];
  for (let index = 0; index < facts.length; index += 2) {
    const [a, b] = [facts[index], facts[index + 1]];
    rows.push([label(a?.[0] ?? ""), { text: a?.[1] ?? "" }, label(b?.[0] ?? ""), { text: b?.[1] ?? "" }]);
  }
  const labelWidth = w.bilingual
    ? labelColumnWidth(
        doc,
        facts.map(([name]) => name),
        LABEL_STYLE,
        2,
        70,
        110,
      )
    : 70;
  let y = await drawTable(doc, {
    x: PAGE.margin,
    y: top + 10,
    top: PAGE.margin,
    bottom: BOTTOM,
    header: false,
    padding: 2,
    caption: caption(w.inline("coa.screening.caption")),
    columns: [
      { header: "", width: labelWidth },
      { header: "", width: CONTENT / 2 - labelWidth },
      { header: "", width: labelWidth },
      { header: "", width: CONTENT / 2 - labelWidth },
    ],
    rows,
  });
  if (farm.caaExpiresOn !== null && (farm.caaStatus === "expired" || farm.caaStatus === "expiring")) {
    const expires = bothDays(sheet, farm.caaExpiresOn);
    const key = farm.caaStatus === "expired" ? "coa.screening.caaExpired" : "coa.screening.caaExpiring";
    y = drawNote(sheet, w.stacked(key, { date: expires.en }, { date: expires.local }), y + 4, {
      size: 10,
      weight: "bold",
      color: FAIL,
    });
  }
  return y;
}
