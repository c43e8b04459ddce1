// A certified report as release writes it, without a database: about twenty parameters of five panels
// judged by the verdict engine against up to five markets, with Telugu and Hindi names. Used by the PDF tests
// and bench/coa-render.ts.
import {
  certifiesAnyMarket,
  judge,
  type Limit,
  type MarketSpec,
  type Parameter,
  type ResultValue,
} from "@lab/contracts";
import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";

import type { ReportPdfInput, SpecCitation } from "../pdf/report/input";

export const COA_AT = new Date("2026-03-14T09:30:00Z");

// Its own small catalogue (the seeded one grows): what a CoA shows does not move under the tests.
const parameter = (
  p: Partial<Parameter> & Pick<Parameter, "code" | "name" | "kind" | "method">,
): Parameter => ({
  unit: null,
  methodRole: "confirmatory",
  lod: null,
  loq: null,
  grades: null,
  per25g: false,
  cutoff: null,
  confirmWith: null,
  ...p,
});
const residue = (code: string, name: string, lod: number, loq: number) =>
  parameter({ code, name, kind: "quantitative", unit: "µg/kg", method: "LC-MS/MS", lod, loq });
const metal = (code: string, name: string, lod: number, loq: number) =>
  parameter({ code, name, kind: "quantitative", unit: "mg/kg", method: "ICP-MS", lod, loq });
const pcr = (code: string, name: string) => parameter({ code, name, kind: "qualitative", method: "PCR" });
const count = (code: string, name: string, method: string) =>
  parameter({ code, name, kind: "quantitative", unit: "cfu/g", method, lod: 10, loq: 10 });

const PANELS: Record<string, Parameter[]> = {
  "Antibiotic Residue Test": [
    residue("CAP", "Chloramphenicol", 0.03, 0.1),
    residue("AOZ", "AOZ (furazolidone metabolite)", 0.1, 0.3),
    residue("AMOZ", "AMOZ (furaltadone metabolite)", 0.1, 0.3),
    residue("AHD", "AHD (nitrofurantoin metabolite)", 0.1, 0.3),
    residue("SEM", "SEM (nitrofurazone metabolite)", 0.1, 0.3),
    residue("MG_LMG", "Malachite green + leucomalachite green", 0.1, 0.3),
    residue("TCS", "Tetracyclines (sum)", 5, 10),
    residue("ENR_CIP", "Enrofloxacin + ciprofloxacin", 1, 5),
  ],
  "Chemical Residue Analysis": [
    parameter({
      code: "CAP_ELISA",
      name: "Chloramphenicol (screening)",
      kind: "quantitative",
      unit: "µg/kg",
      method: "ELISA",
      methodRole: "screening",
      lod: 0.05,
      loq: 0.1,
      cutoff: 0.1,
      confirmWith: "CAP",
    }),
  ],
  "Heavy Metal Analysis": [
    metal("PB", "Lead (Pb)", 0.005, 0.02),
    metal("CD", "Cadmium (Cd)", 0.002, 0.01),
    metal("HG", "Mercury (Hg)", 0.005, 0.02),
  ],
  "Pathogen Detection": [
    pcr("WSSV", "White spot syndrome virus (WSSV)"),
    pcr("EHP", "Enterocytozoon hepatopenaei (EHP)"),
    pcr("AHPND", "Acute hepatopancreatic necrosis disease (VpAHPND)"),
    pcr("IHHNV", "Infectious hypodermal and haematopoietic necrosis virus (IHHNV)"),
  ],
  "Microbiological Testing": [
    count("TPC", "Total plate count (30 °C)", "ISO 4833-1"),
    count("ECOLI", "Escherichia coli", "ISO 16649-2"),
    parameter({
      code: "SALM",
      name: "Salmonella spp.",
      kind: "qualitative",
      method: "ISO 6579-1",
      per25g: true,
    }),
    count("VIBRIO", "Vibrio spp.", "TCBS plate count"),
  ],
};
const catalogue = new Map(
  Object.values(PANELS).flatMap((panel) => panel.map((entry) => [entry.code, entry] as const)),
);

const limit = (kind: Limit["kind"], max: number | null, reference: string, strict = false): Limit => ({
  kind,
  min: null,
  max,
  strict,
  grade: null,
  reference,
  effectiveFrom: "2022-11-28",
});
const EU_RPA = "Commission Regulation (EU) 2019/1871 (reference point for action)";
const EU_MRL = "Commission Regulation (EU) No 37/2010, Annex Table 1";
const EU_METALS = "Commission Regulation (EU) 2023/915, Annex I";
const US_BANNED = "21 CFR 530.41(a): prohibited in food-producing animals";
const MARKETS: (SpecCitation & { limits: Record<string, Limit> })[] = [
  {
    market: "EU",
    name: "European Union",
    version: 3,
    effectiveFrom: "2023-05-25",
    reference: "EU food law for fishery products placed on the Union market",
    limits: {
      CAP: limit("max", 0.15, EU_RPA, true),
      AOZ: limit("max", 0.5, EU_RPA, true),
      AMOZ: limit("max", 0.5, EU_RPA, true),
      AHD: limit("max", 0.5, EU_RPA, true),
      SEM: limit("max", 0.5, EU_RPA, true),
      MG_LMG: limit("max", 0.5, EU_RPA, true),
      TCS: limit("max", 100, EU_MRL),
      ENR_CIP: limit("max", 100, EU_MRL),
      PB: limit("max", 0.5, EU_METALS),
      CD: limit("max", 0.5, EU_METALS),
      HG: limit("max", 0.5, EU_METALS),
      SALM: limit("absent_25g", null, "Commission Regulation (EC) No 2073/2005"),
    },
  },
  {
    market: "US",
    name: "United States",
    version: 1,
    effectiveFrom: "1996-12-09",
    reference: "US FDA requirements for imported seafood (21 CFR 530.41)",
    limits: Object.fromEntries(
      ["CAP", "AOZ", "AMOZ", "AHD", "SEM", "ENR_CIP"].map((code) => [
        code,
        limit("not_detected", null, US_BANNED),
      ]),
    ),
  },
  {
    market: "JP",
    name: "Japan",
    version: 1,
    effectiveFrom: "2006-05-29",
    reference: "Food Sanitation Act, positive list system",
    limits: {
      CAP: limit("not_detected", null, "MHLW Notification 499"),
      TCS: limit("max", 200, "MHLW positive list"),
    },
  },
  {
    market: "CN",
    name: "China",
    version: 1,
    effectiveFrom: "2022-06-30",
    reference: "GB 31650-2019 and GB 2762-2022",
    limits: { PB: limit("max", 0.5, "GB 2762-2022"), CD: limit("max", 0.5, "GB 2762-2022") },
  },
  {
    market: "IN",
    name: "India (domestic)",
    version: 2,
    effectiveFrom: "2019-04-01",
    reference: "FSS (Contaminants, Toxins and Residues) Regulations, 2011",
    limits: { CAP: limit("max", 0.3, "FSS CTR 2018 amendment") },
  },
];

function marketSpec(code: string, index: number): MarketSpec {
  const market = MARKETS.find((entry) => entry.market === code);
  if (!market) throw new Error(`no fixture market ${code}`);
  return {
    code,
    name: market.name,
    specVersionId: index + 1,
    version: market.version,
    limits: market.limits,
  };
}

/**
 * A passing result for every parameter (a measured value where every market's limit allows it, else not
 * detected); `fail` lists codes given a result over any limit.
 */
function resultFor(
  parameter: Parameter,
  markets: readonly MarketSpec[],
  fail: readonly string[],
): ResultValue {
  const failing = fail.includes(parameter.code);
  if (parameter.kind === "qualitative") {
    const positive = parameter.per25g ? "present" : "detected";
    const negative = parameter.per25g ? "absent" : "not_detected";
    return { value: null, qualifier: failing ? positive : negative };
  }
  if (failing) return { value: 1_000_000, qualifier: null };
  const measured = Number(((parameter.loq ?? 0.01) * 1.05).toPrecision(3));
  const allowed = markets.every((market) => {
    const limit = market.limits[parameter.code];
    return !limit || ((limit.kind === "max" || limit.kind === "range") && (limit.max ?? 0) > measured);
  });
  return parameter.methodRole === "screening" || !allowed
    ? { value: null, qualifier: "not_detected" }
    : { value: measured, qualifier: null };
}

export interface CoaOptions {
  testTypes?: readonly string[];
  markets?: readonly string[];
  fail?: readonly string[];
  /** Results given as they are (a value that passes one market and fails another). */
  values?: Readonly<Record<string, ResultValue>>;
  replaces?: string | null;
}

/** The PDF input with whole rows, as the database would give them to tests that store them. */
export type CoaInput = ReportPdfInput & { report: ReportRow; sample: SampleRow; customer: CustomerRow };

/** A released report's PDF input: ~23 parameters of five panels, judged for EU, US and Japan. */
export function coaInput(options: CoaOptions = {}): CoaInput {
  const testTypes = options.testTypes ?? [
    "Antibiotic Residue Test",
    "Chemical Residue Analysis",
    "Heavy Metal Analysis",
    "Pathogen Detection",
    "Microbiological Testing",
  ];
  const panel = testTypes.flatMap((type) => PANELS[type] ?? []);
  const markets = (options.markets ?? ["EU", "US", "JP"]).map(marketSpec);
  const results = new Map(
    panel.map((parameter) => [
      parameter.code,
      options.values?.[parameter.code] ?? resultFor(parameter, markets, options.fail ?? []),
    ]),
  );
  const judgement = judge({ panel, catalogue, results, markets });
  const passed = judgement.result === "success";

  const customer: CustomerRow = {
    id: 7,
    organisationId: 7,
    memberRole: "admin",
    memberScope: "all",
    removedAt: null,
    lastSignInAt: null,
    email: "venkata.ramana@example.in",
    fullName: "వెంకట రమణ",
    company: "श्री लक्ष्मी एक्वा फार्म्स",
    phoneNumber: "+919440012345",
    phoneVerifiedAt: null,
    address: null,
    passwordHash: "x",
    emailVerifiedAt: COA_AT,
    defaultMarkets: [],
    // English: the certificate's original, English-only wording.
    language: "en",
    smsFallback: true,
    createdAt: COA_AT,
    updatedAt: COA_AT,
  };
  const sample: SampleRow = {
    id: 4711,
    organisationId: 7,
    customerId: 7,
    providerId: 3,
    status: "COMPLETED",
    samplerName: "లక్ష్మీ దేవి",
    samplerLocation: "Amalāpuram, East Godāvari",
    lat: 16.5449,
    lng: 81.5212,
    shrimpCategory: "Vannamei",
    testTypes: [...testTypes],
    shrimpSubCategory: testTypes.join(", "),
    phoneNumber: "+919440012345",
    emailAddress: null,
    agentId: 2,
    agentAcceptedAt: null,
    assigned: "",
    testingEta: null,
    createdAt: COA_AT,
    updatedAt: COA_AT,
    searchText: null,
    markets: markets.map((market) => market.code),
    resultRound: 1,
    pondId: null,
    cropId: null,
    lotId: null,
    purpose: null,
    collectorNotes: null,
  };
  const report: ReportRow = {
    id: 321,
    sampleId: 4711,
    customerId: 7,
    organisationId: 7,
    result: passed ? "success" : "failure",
    details: {
      initialInspection: "",
      labResults: {
        viralScreening: "",
        bacterialAnalysis: "",
        parasiteCheck: "",
        geneticMarkers: "",
        waterQuality: "",
      },
      finalReview: "",
    },
    tests: [],
    // A number whenever a market passes, as release issues it.
    certification: certifiesAnyMarket(judgement.markets) ? "NSP-CERT-2026-042" : null,
    status: "valid",
    revokedReason: null,
    revokedAt: null,
    revokedReasonCode: null,
    revokedBy: null,
    revocationConfirmedBy: null,
    checkCode: "4F3A91C20B7DE5A1",
    issuedBy: 2,
    round: 1,
    analystId: 1,
    analysedAt: new Date("2026-03-16T06:15:00Z"),
    testingStartedAt: new Date("2026-03-15T04:00:00Z"),
    markets: judgement.markets,
    parameters: judgement.parameters,
    remarks: "Sample received chilled at 4 °C; results ≤ LOQ reported as measured. नमूना ठीक है।",
    replacesId: options.replaces ? 300 : null,
    replacedById: null,
    completedAt: new Date("2026-03-16T10:45:00Z"),
  };
  const specVersions: SpecCitation[] = markets.flatMap((market) =>
    MARKETS.filter((entry) => entry.market === market.code).map(
      ({ limits: _limits, ...citation }) => citation,
    ),
  );
  return {
    report,
    sample,
    customer,
    signatory: "డా. సురేష్ రెడ్డి",
    analyst: "प्रिया शर्मा",
    agent: "Ravi Kumar",
    collectedAt: new Date("2026-03-14T05:20:00Z"),
    receivedAt: new Date("2026-03-14T11:05:00Z"),
    specVersions,
    replaces: options.replaces ?? null,
    publicUrl: "https://portal.aquatest.in",
  };
}
