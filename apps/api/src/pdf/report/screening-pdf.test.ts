import { describe, expect, it } from "vitest";

import { coaInput, type CoaInput } from "../../test/coa-fixture";
import { pdfPages, pdfTitle } from "../../test/pdf-text";
import type { ScreeningFacts } from "./input";
import { buildReportPdf } from "./report-pdf";

// A pre-harvest sample's report: the certificate plus where the sample came from, how long it clears
// the harvest, and plainly that it is not MPEDA's PHT certificate.

const facts = (overrides: Partial<ScreeningFacts> = {}): ScreeningFacts => ({
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
    noTreatments: false,
    treatments: [
      { substance: "Potassium permanganate", dose: "2 ppm", from: "2026-02-01", to: "2026-02-03" },
    ],
  },
  lot: { code: "7KQ2MX9PTA", expectedOn: "2026-03-24", phtCertificate: null },
  buyer: { name: "Godavari Sea Foods", eic: "EIC/VSP/2231" },
  sampledOn: "2026-03-14",
  validUntil: "2026-03-24",
  ...overrides,
});

const screened = (input: CoaInput, screening: ScreeningFacts = facts()): CoaInput => ({
  ...input,
  sample: { ...input.sample, purpose: "pre_harvest", lotId: 9 },
  screening,
});

const squash = (text: string) => text.replace(/\s+/g, "");
const textOf = async (pdf: Buffer) => (await pdfPages(pdf)).join("\n");

describe("buildReportPdf: the pre-harvest screening report", () => {
  it("is titled a pre-harvest screening report (document title, heading and footer) with its certificate number", async () => {
    const pdf = await buildReportPdf(screened(coaInput()));
    expect(await pdfTitle(pdf)).toBe("Pre-harvest screening report NSP-CERT-2026-042");
    const pages = await pdfPages(pdf);
    expect(pages[0]).toContain("Pre-harvest screening report");
    expect(pages[0]).not.toContain("Certificate of Analysis");
    for (const page of pages) expect(page).toContain("Pre-harvest screening report NSP-CERT-2026-042 · Page");
  });

  it("prints the farm's registrations, pond, crop with hatchery and declared treatments, lot, buyer, sampling and 'Valid for harvest until'", async () => {
    const text = squash(await textOf(await buildReportPdf(screened(coaInput()))));
    for (const expected of [
      "Validforharvestuntil24Mar2026",
      "Farm,pond,cropandharvestlot",
      "LakshmiNarasimhaAquaFarm",
      "MPEDAenrolment",
      "AP/EG/2024/0042",
      "CAA-AP-77,validuntil31Dec2027",
      "APSADA-EG-1187",
      "N-4",
      "TigerShrimp",
      "05Jan2026",
      "SaiHatcheries(CAAH-0912)",
      "Potassiumpermanganate,2ppm,01Feb2026–03Feb2026",
      "7KQ2MX9PTA",
      "Expectedharvest",
      "GodavariSeaFoods(EIC/VSP/2231)",
      "14Mar2026",
      "Amalāpuram,EastGodāvari",
    ])
      expect(text).toContain(expected);
    // The crop declared nothing: said so, not left blank.
    const none = squash(
      await textOf(
        await buildReportPdf(
          screened(coaInput(), facts({ crop: { ...facts().crop, noTreatments: true, treatments: [] } })),
        ),
      ),
    );
    expect(none).toContain("Nonedeclared");
    // Valid registrations carry no warning.
    expect(text).not.toContain("Warning");
  });

  it("says plainly that it is not MPEDA's PHT certificate, and prints the lot's PHT certificate number only when recorded", async () => {
    const without = squash(await textOf(await buildReportPdf(screened(coaInput()))));
    expect(without).toContain(
      squash(
        "This is the laboratory's pre-harvest screening report. It is not MPEDA's pre-harvest test (PHT) certificate, which only laboratories designated by MPEDA issue.",
      ),
    );
    expect(without).not.toContain("MPEDAPHTcertificate");
    const withPht = squash(
      await textOf(
        await buildReportPdf(
          screened(
            coaInput(),
            facts({ lot: { ...facts().lot, phtCertificate: "MPEDA/PHT/VSP/2026/00417" } }),
          ),
        ),
      ),
    );
    expect(withPht).toContain("MPEDAPHTcertificate");
    expect(withPht).toContain("MPEDA/PHT/VSP/2026/00417");
  });

  it("warns when the farm's CAA registration has expired, or expires within 30 days of the report", async () => {
    const expired = squash(
      await textOf(
        await buildReportPdf(
          screened(
            coaInput(),
            facts({ farm: { ...facts().farm, caaExpiresOn: "2026-03-01", caaStatus: "expired" } }),
          ),
        ),
      ),
    );
    expect(expired).toContain(squash("Warning: the farm's CAA registration expired on 01 Mar 2026."));
    const expiring = squash(
      await textOf(
        await buildReportPdf(
          screened(
            coaInput(),
            facts({ farm: { ...facts().farm, caaExpiresOn: "2026-04-10", caaStatus: "expiring" } }),
          ),
        ),
      ),
    );
    expect(expiring).toContain(
      squash("Warning: the farm's CAA registration expires on 10 Apr 2026, within 30 days of this report."),
    );
  });

  it("a screening that passed no market is not cleared for harvest and prints no validity", async () => {
    const failed = coaInput({ fail: ["CAP"] });
    expect(failed.report.certification).toBeNull();
    const pdf = await buildReportPdf(screened(failed));
    expect(await pdfTitle(pdf)).toBe("Pre-harvest screening report R-321");
    const text = squash(await textOf(pdf));
    expect(text).toContain(squash("Not cleared for harvest: the screening passed no market."));
    expect(text).not.toContain("Validforharvest");
    expect(text).toContain("7KQ2MX9PTA");
  });

  it("in Telugu: the title, the validity and the not-PHT sentence in both languages", async () => {
    const input = coaInput();
    const telugu = { ...input, customer: { ...input.customer, language: "te" } };
    const text = squash(await textOf(await buildReportPdf(screened(telugu))));
    expect(text).toContain("Pre-harvestscreeningreport");
    expect(text).toContain("Validforharvestuntil24Mar2026");
    // pdf.js reads some Telugu vowel signs in the glyphs' order: words compared where it reads them as typed.
    expect(text).toContain("ముందుపరీక్ష");
    expect(text).toContain("24మారి");
    // The not-PHT sentence once in English and once in Telugu.
    expect(text.match(/\(PHT\)/g)).toHaveLength(2);
  });

  it("another purpose, or a sample without a screening, keeps the certificate of analysis as it was", async () => {
    const pdf = await buildReportPdf(coaInput());
    expect(await pdfTitle(pdf)).toBe("Certificate of Analysis NSP-CERT-2026-042");
    const text = await textOf(pdf);
    expect(text).toContain("Certificate of Analysis");
    for (const absent of ["Pre-harvest", "Valid for harvest", "PHT", "Harvest lot"])
      expect(text).not.toContain(absent);
  });
});
