import { LANGUAGE_CODES } from "@lab/contracts";
import { translator } from "@lab/i18n/node";
import { describe, expect, it } from "vitest";

import { coaInput, type CoaInput } from "../../test/coa-fixture";
import { pdfPages } from "../../test/pdf-text";
import type { SamplingFacts, ScreeningFacts } from "./input";
import { buildReportPdf } from "./report-pdf";

// The sampling block: how a field agent took the sample and how reception found it, on the
// certificate and on the pre-harvest screening report, in English and the customer's language.

const sampling = (overrides: Partial<SamplingFacts> = {}): SamplingFacts => ({
  agent: "Ravi Kumar",
  // 10:50 India time.
  collectedAt: new Date("2026-03-14T05:20:00Z"),
  lat: 16.54492,
  lng: 81.52118,
  accuracyM: 7.6,
  distanceM: 41.4,
  distanceFrom: "pond",
  distanceReason: null,
  seals: ["SL-20931", "SL-20932"],
  containers: 2,
  quantity: "30.00",
  quantityUnit: "count",
  waterTempC: "28.5",
  sampleTempC: "4.0",
  coldChain: "ice",
  farmerName: "Suresh Babu",
  reception: {
    // 16:35 India time.
    at: new Date("2026-03-14T11:05:00Z"),
    decision: "accepted",
    reasons: [],
    note: null,
    temperatureC: "5.5",
    seals: ["SL-20931", "SL-20932"],
    sealsMatch: true,
    sealIntact: true,
  },
  ...overrides,
});

const collected = (input: CoaInput, facts: SamplingFacts = sampling()): CoaInput => ({
  ...input,
  sampling: facts,
});

const squash = (text: string) => text.replace(/\s+/g, "");
const textOf = async (pdf: Buffer) => (await pdfPages(pdf)).join("\n");

/** Whether the text holds the letters of `expected` together, in any order (pdf.js reads Indic glyphs in visual order). */
function holds(text: string, expected: string): boolean {
  const letters = (value: string) =>
    [...value.normalize("NFD")].filter(
      // Joiners (Telugu's ZWNJ in సీల్‌లు) shape the text and are not drawn: pdf.js gives none back.
      (char) => (char.codePointAt(0) ?? 0) > 0x7f && !/[\s\p{Cf}]/u.test(char),
    );
  const haystack = letters(text);
  const needle = letters(expected).sort().join("");
  // A text with no letters beyond ASCII (an English copy) is no translation to look for.
  if (needle === "") return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1)
    if (
      haystack
        .slice(start, start + [...needle].length)
        .sort()
        .join("") === needle
    )
      return true;
  return false;
}

describe("buildReportPdf: the sampling block of a sample a field agent collected", () => {
  it("certificate: prints the agent, time, GPS with accuracy, distance to the pond, seals, containers, temperatures, cold chain and reception's check", async () => {
    const text = await textOf(await buildReportPdf(collected(coaInput())));
    const flat = squash(text);
    for (const expected of [
      "Sampling",
      "Sampledby:RaviKumar,14Mar2026,10:50IST,handedoverbySureshBabu",
      "GPS:16.5449°N,81.5212°E±8m·41mfromthepond",
      "Seals:SL-20931,SL-20932·2containers,30animals",
      "Atcollection:water28.5°C,sample4.0°C·Coldchain:Onice",
      "Received:14Mar2026,16:35IST,5.5°Conreceipt·Sealsintact,numbersmatch·Acceptedfortesting",
    ])
      expect(flat).toContain(expected);
    expect(text).not.toContain("Deviation");
    // The sample's facts leave who collected it and when it was received to the block.
    expect(text).not.toContain("Collected");
  });

  it("deviations: beyond the radius the agent's reason; at reception a seal mismatch and the customer's consent with its reasons and note", async () => {
    const facts = sampling({
      distanceM: 612,
      distanceReason: "Pond gate locked; sampled at the harvest shed",
      quantity: "500.00",
      quantityUnit: "g",
      waterTempC: null,
      reception: {
        at: new Date("2026-03-14T11:05:00Z"),
        decision: "consent",
        reasons: ["temperature_out_of_range", "label_mismatch"],
        note: "Mr Venkata agreed by phone at 16:40",
        temperatureC: "12.0",
        seals: ["SL-20931", "SL-99999"],
        sealsMatch: false,
        sealIntact: true,
      },
    });
    const flat = squash(await textOf(await buildReportPdf(collected(coaInput(), facts))));
    for (const expected of [
      "612mfromthepond·Deviation:Pondgatelocked;sampledattheharvestshed",
      "2containers,500g",
      "sample4.0°C",
      "12.0°Conreceipt",
      "Sealnumbersdonotmatch:readSL-20931,SL-99999",
      "Deviation:testedwiththecustomer'sconsent(temperatureoutofrange,labelunreadableormismatched)·MrVenkataagreedbyphoneat16:40",
    ])
      expect(flat).toContain(expected);
    expect(flat).not.toContain("water");
    expect(flat).not.toContain("Sealsintact");
  });

  it("a broken seal reads as broken, and a sample not yet received prints the collection without a reception line", async () => {
    const broken = sampling({
      reception: {
        at: new Date("2026-03-14T11:05:00Z"),
        decision: "accepted",
        reasons: [],
        note: null,
        temperatureC: null,
        seals: null,
        sealsMatch: null,
        sealIntact: false,
      },
    });
    const brokenText = squash(await textOf(await buildReportPdf(collected(coaInput(), broken))));
    expect(brokenText).toContain("Sealbrokenormissing");
    expect(brokenText).not.toContain("onreceipt");
    const pending = squash(
      await textOf(await buildReportPdf(collected(coaInput(), sampling({ reception: null })))),
    );
    expect(pending).toContain("SL-20931,SL-20932");
    expect(pending).not.toContain("Received:");
    expect(pending).not.toContain("Acceptedfortesting");
  });

  it("a sample without a collection (sent by the customer) prints no sampling block", async () => {
    const text = await textOf(await buildReportPdf(coaInput()));
    expect(text).not.toContain("Sampled by");
    expect(text).not.toContain("Cold chain");
    expect(text).not.toContain("SL-20931");
  });

  it("keeps the certificate's page count: the block fits where the document had room", async () => {
    // One panel judged for three markets: a one-page certificate with some room left.
    const input = coaInput({ testTypes: ["Chemical Residue Analysis"] });
    const without = await pdfPages(await buildReportPdf(input));
    const withBlock = await pdfPages(await buildReportPdf(collected(input)));
    expect(without).toHaveLength(1);
    expect(withBlock).toHaveLength(1);
  });

  it("Telugu: the block's words in Telugu beside the English, the agent's figures the same", async () => {
    const input = coaInput();
    const telugu = collected({ ...input, customer: { ...input.customer, language: "te" } });
    const text = await textOf(await buildReportPdf(telugu));
    const { t } = translator("te");
    expect(squash(text)).toContain("Sampledby:RaviKumar");
    for (const key of [
      "coa.sampling.caption",
      "coa.sampling.agent",
      "coa.sampling.seals",
      "coa.sampling.coldChain.ice",
      "coa.sampling.seal.intactMatch",
    ] as const)
      expect(holds(text, t(key)), key).toBe(true);
    expect(holds(text, t("coa.sampling.distanceFrom.pond", { distance: "41" }))).toBe(true);
    expect(holds(text, t("coa.sampling.receiptTemp", { value: "5.5" }))).toBe(true);
    expect(squash(text)).toContain("41mfromthepond");
    expect(squash(text)).toContain("SL-20931,SL-20932");
    expect(squash(text)).toContain("water28.5°C,sample4.0°C");
  });
});

describe("buildReportPdf: the sampling block in each Indian language", () => {
  it.each(LANGUAGE_CODES.filter((code) => code !== "en"))(
    "%s: the caption, the seal check and the cold chain in the language under the English",
    async (language) => {
      const input = coaInput({ testTypes: ["Chemical Residue Analysis"], markets: ["EU"] });
      const text = await textOf(
        await buildReportPdf(collected({ ...input, customer: { ...input.customer, language } })),
      );
      const { t } = translator(language);
      expect(squash(text)).toContain("Sealsintact,numbersmatch");
      for (const key of [
        "coa.sampling.caption",
        "coa.sampling.seal.intactMatch",
        "coa.sampling.coldChain.ice",
      ] as const)
        expect(holds(text, t(key)), key).toBe(true);
    },
  );
});

const screeningFacts: ScreeningFacts = {
  farm: {
    name: "Lakshmi Narasimha Aqua Farm",
    mpedaEnrolment: "AP/EG/2024/0042",
    caaRegistration: "CAA-AP-77",
    caaExpiresOn: "2027-12-31",
    caaStatus: "valid",
    stateLicence: "APSADA-EG-1187",
  },
  pondCode: "N-4",
  crop: {
    species: "Tiger Shrimp",
    stockedOn: "2026-01-05",
    hatcheryName: "Sai Hatcheries",
    hatcheryRegistration: "H-0912",
    noTreatments: true,
    treatments: [],
  },
  lot: { code: "7KQ2MX9PTA", expectedOn: "2026-03-24", phtCertificate: null },
  buyer: null,
  sampledOn: "2026-03-14",
  validUntil: "2026-03-24",
};

describe("buildReportPdf: the sampling block on the pre-harvest screening report", () => {
  it("prints the block after the farm, pond, crop and lot", async () => {
    const input = coaInput();
    const screened: CoaInput = {
      ...input,
      sample: { ...input.sample, purpose: "pre_harvest", lotId: 9 },
      screening: screeningFacts,
    };
    const text = squash(await textOf(await buildReportPdf(collected(screened))));
    expect(text).toContain("Pre-harvestscreeningreport");
    expect(text).toContain("Sampledby:RaviKumar");
    expect(text).toContain("41mfromthepond");
    expect(text).toContain("SL-20931,SL-20932");
    expect(text).toContain("water28.5°C,sample4.0°C");
    expect(text.indexOf("Farm,pond,cropandharvestlot")).toBeLessThan(text.indexOf("Sampledby:RaviKumar"));
  });
});
