// The catalogue seeded into an empty database (issue 16): parameters, the panel of each test type,
// and the first version of each market's specification.
//
// THE LAB MUST CONFIRM EVERY LIMIT BELOW BEFORE ACCREDITED USE. Each carries the legal reference it
// was taken from; limits that could not be cited are not seeded (the market then sets no limit).
import type { LimitKind, MethodRole, ParameterKind } from "@lab/contracts";

export interface CatalogueParameter {
  code: string;
  name: string;
  kind: ParameterKind;
  unit?: string;
  method: string;
  methodRole?: MethodRole;
  lod?: number;
  loq?: number;
  grades?: string[];
  per25g?: boolean;
  cutoff?: number;
  confirmWith?: string;
}

export interface CatalogueLimit {
  parameter: string;
  kind: LimitKind;
  min?: number;
  max?: number;
  strict?: boolean;
  grade?: string;
  reference: string;
  effectiveFrom: string;
}

export interface CatalogueMarket {
  code: string;
  name: string;
  reference: string;
  effectiveFrom: string;
  note: string;
  limits: CatalogueLimit[];
}

const CONFIRM = "Seeded for demonstration: the laboratory must confirm every limit before accredited use.";

export const CATALOGUE_PARAMETERS: CatalogueParameter[] = [
  // Antibiotic residues, confirmatory LC-MS/MS (µg/kg).
  {
    code: "CAP",
    name: "Chloramphenicol",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 0.03,
    loq: 0.1,
  },
  {
    code: "AOZ",
    name: "AOZ (furazolidone metabolite)",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 0.1,
    loq: 0.3,
  },
  {
    code: "AMOZ",
    name: "AMOZ (furaltadone metabolite)",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 0.1,
    loq: 0.3,
  },
  {
    code: "AHD",
    name: "AHD (nitrofurantoin metabolite)",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 0.1,
    loq: 0.3,
  },
  {
    code: "SEM",
    name: "SEM (nitrofurazone metabolite)",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 0.1,
    loq: 0.3,
  },
  {
    code: "MG_LMG",
    name: "Malachite green + leucomalachite green",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 0.1,
    loq: 0.3,
  },
  {
    code: "TCS",
    name: "Tetracyclines (sum)",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 5,
    loq: 10,
  },
  {
    code: "ENR_CIP",
    name: "Enrofloxacin + ciprofloxacin",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    lod: 1,
    loq: 5,
  },
  // Screening by ELISA: a result at or above the cut-off goes to LC-MS/MS confirmation.
  {
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
  },
  {
    code: "AOZ_ELISA",
    name: "AOZ (screening)",
    kind: "quantitative",
    unit: "µg/kg",
    method: "ELISA",
    methodRole: "screening",
    lod: 0.1,
    loq: 0.2,
    cutoff: 0.3,
    confirmWith: "AOZ",
  },
  // Heavy metals by ICP-MS (mg/kg wet weight).
  {
    code: "PB",
    name: "Lead (Pb)",
    kind: "quantitative",
    unit: "mg/kg",
    method: "ICP-MS",
    lod: 0.005,
    loq: 0.02,
  },
  {
    code: "CD",
    name: "Cadmium (Cd)",
    kind: "quantitative",
    unit: "mg/kg",
    method: "ICP-MS",
    lod: 0.002,
    loq: 0.01,
  },
  {
    code: "HG",
    name: "Mercury (Hg)",
    kind: "quantitative",
    unit: "mg/kg",
    method: "ICP-MS",
    lod: 0.005,
    loq: 0.02,
  },
  // Pathogens by PCR (WOAH Manual of Diagnostic Tests for Aquatic Animals).
  { code: "WSSV", name: "White spot syndrome virus (WSSV)", kind: "qualitative", method: "PCR" },
  { code: "EHP", name: "Enterocytozoon hepatopenaei (EHP)", kind: "qualitative", method: "PCR" },
  {
    code: "AHPND",
    name: "Acute hepatopancreatic necrosis disease (VpAHPND)",
    kind: "qualitative",
    method: "PCR",
  },
  {
    code: "IHHNV",
    name: "Infectious hypodermal and haematopoietic necrosis virus (IHHNV)",
    kind: "qualitative",
    method: "PCR",
  },
  // Microbiology.
  {
    code: "TPC",
    name: "Total plate count (30 °C)",
    kind: "quantitative",
    unit: "cfu/g",
    method: "ISO 4833-1",
    lod: 10,
    loq: 10,
  },
  {
    code: "ECOLI",
    name: "Escherichia coli",
    kind: "quantitative",
    unit: "cfu/g",
    method: "ISO 16649-2",
    lod: 10,
    loq: 10,
  },
  { code: "SALM", name: "Salmonella spp.", kind: "qualitative", method: "ISO 6579-1", per25g: true },
  {
    code: "VIBRIO",
    name: "Vibrio spp.",
    kind: "quantitative",
    unit: "cfu/g",
    method: "TCBS plate count",
    lod: 10,
    loq: 10,
  },
];

export const CATALOGUE_PANELS: Record<string, string[]> = {
  "Antibiotic Residue Test": ["CAP", "AOZ", "AMOZ", "AHD", "SEM", "MG_LMG", "TCS", "ENR_CIP"],
  "Chemical Residue Analysis": ["CAP_ELISA", "AOZ_ELISA", "MG_LMG", "TCS"],
  "Heavy Metal Analysis": ["PB", "CD", "HG"],
  "Pathogen Detection": ["WSSV", "EHP", "AHPND", "IHHNV"],
  "Microbiological Testing": ["TPC", "ECOLI", "SALM", "VIBRIO"],
};

const EU_RPA = "Commission Regulation (EU) 2019/1871, Annex (reference point for action)";
const EU_MRL = "Commission Regulation (EU) No 37/2010, Annex Table 1 (all food-producing species, muscle)";
const EU_CONTAMINANTS = "Commission Regulation (EU) 2023/915, Annex I";
const US_PROHIBITED =
  "21 CFR 530.41(a): prohibited for extralabel use in food-producing animals; no tolerance";

export const CATALOGUE_MARKETS: CatalogueMarket[] = [
  {
    code: "EU",
    name: "European Union",
    reference: "EU food law for fishery products imported into the Union",
    effectiveFrom: "2023-05-25",
    note: CONFIRM,
    limits: [
      {
        parameter: "CAP",
        kind: "max",
        max: 0.15,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "AOZ",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "AMOZ",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "AHD",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "SEM",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "MG_LMG",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      { parameter: "TCS", kind: "max", max: 100, reference: EU_MRL, effectiveFrom: "2010-02-09" },
      { parameter: "ENR_CIP", kind: "max", max: 100, reference: EU_MRL, effectiveFrom: "2010-02-09" },
      {
        parameter: "PB",
        kind: "max",
        max: 0.5,
        reference: `${EU_CONTAMINANTS}, 3.1 (crustaceans)`,
        effectiveFrom: "2023-05-25",
      },
      {
        parameter: "CD",
        kind: "max",
        max: 0.5,
        reference: `${EU_CONTAMINANTS}, 3.2 (crustaceans)`,
        effectiveFrom: "2023-05-25",
      },
      {
        parameter: "HG",
        kind: "max",
        max: 0.5,
        reference: `${EU_CONTAMINANTS}, 3.3 (fishery products)`,
        effectiveFrom: "2023-05-25",
      },
      {
        parameter: "SALM",
        kind: "absent_25g",
        reference:
          "Commission Regulation (EC) No 2073/2005, Annex I, 1.16 (cooked crustaceans and molluscan shellfish)",
        effectiveFrom: "2006-01-01",
      },
    ],
  },
  {
    code: "US",
    name: "United States",
    reference: "US FDA requirements for imported aquaculture seafood",
    effectiveFrom: "1996-12-09",
    note: CONFIRM,
    limits: [
      { parameter: "CAP", kind: "not_detected", reference: US_PROHIBITED, effectiveFrom: "1996-12-09" },
      { parameter: "AOZ", kind: "not_detected", reference: US_PROHIBITED, effectiveFrom: "1996-12-09" },
      { parameter: "AMOZ", kind: "not_detected", reference: US_PROHIBITED, effectiveFrom: "1996-12-09" },
      { parameter: "AHD", kind: "not_detected", reference: US_PROHIBITED, effectiveFrom: "1996-12-09" },
      { parameter: "SEM", kind: "not_detected", reference: US_PROHIBITED, effectiveFrom: "1996-12-09" },
      {
        parameter: "ENR_CIP",
        kind: "not_detected",
        reference: "21 CFR 530.41(a)(10): fluoroquinolones; no tolerance",
        effectiveFrom: "1997-05-20",
      },
    ],
  },
  {
    code: "LAB",
    name: "Lab default limits",
    reference: "AquaTest Laboratory default acceptance criteria QS-07 (used when no market is chosen)",
    effectiveFrom: "2026-01-01",
    note: CONFIRM,
    limits: [
      {
        parameter: "CAP",
        kind: "max",
        max: 0.15,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "AOZ",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "AMOZ",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "AHD",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "SEM",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      {
        parameter: "MG_LMG",
        kind: "max",
        max: 0.5,
        strict: true,
        reference: EU_RPA,
        effectiveFrom: "2022-11-28",
      },
      { parameter: "TCS", kind: "max", max: 100, reference: EU_MRL, effectiveFrom: "2010-02-09" },
      { parameter: "ENR_CIP", kind: "max", max: 100, reference: EU_MRL, effectiveFrom: "2010-02-09" },
      { parameter: "PB", kind: "max", max: 0.5, reference: EU_CONTAMINANTS, effectiveFrom: "2023-05-25" },
      { parameter: "CD", kind: "max", max: 0.5, reference: EU_CONTAMINANTS, effectiveFrom: "2023-05-25" },
      { parameter: "HG", kind: "max", max: 0.5, reference: EU_CONTAMINANTS, effectiveFrom: "2023-05-25" },
      {
        parameter: "WSSV",
        kind: "not_detected",
        reference: "Lab criterion: WOAH-listed disease",
        effectiveFrom: "2026-01-01",
      },
      { parameter: "EHP", kind: "not_detected", reference: "Lab criterion", effectiveFrom: "2026-01-01" },
      {
        parameter: "AHPND",
        kind: "not_detected",
        reference: "Lab criterion: WOAH-listed disease",
        effectiveFrom: "2026-01-01",
      },
      {
        parameter: "IHHNV",
        kind: "not_detected",
        reference: "Lab criterion: WOAH-listed disease",
        effectiveFrom: "2026-01-01",
      },
      {
        parameter: "TPC",
        kind: "max",
        max: 1_000_000,
        reference: "Lab criterion (ICMSF, raw frozen crustaceans, M)",
        effectiveFrom: "2026-01-01",
      },
      {
        parameter: "ECOLI",
        kind: "max",
        max: 500,
        reference: "Lab criterion (ICMSF, raw frozen crustaceans, M)",
        effectiveFrom: "2026-01-01",
      },
      { parameter: "SALM", kind: "absent_25g", reference: "Lab criterion", effectiveFrom: "2026-01-01" },
    ],
  },
  {
    code: "JP",
    name: "Japan",
    reference: "Food Sanitation Act, positive list system",
    effectiveFrom: "2006-05-29",
    note: CONFIRM,
    limits: [],
  },
  {
    code: "CN",
    name: "China",
    reference: "GB 31650-2019 and GB 2762-2022",
    effectiveFrom: "2022-06-30",
    note: CONFIRM,
    limits: [],
  },
  {
    code: "IN",
    name: "India (domestic)",
    reference: "FSS (Contaminants, Toxins and Residues) Regulations, 2011",
    effectiveFrom: "2011-08-05",
    note: CONFIRM,
    limits: [],
  },
];
