// The catalogue seeded into an empty database: parameters, the panel of each of the 36 test
// types, and the first version of each market's specification. docs/certified-results.md describes it.
//
// THE LAB MUST CONFIRM EVERY LIMIT BELOW BEFORE ACCREDITED USE. Each carries the legal reference it
// was taken from and the date it took effect; limits that could not be cited are not seeded (the
// market then sets no limit for that parameter, and the docs say which and why). The LAB market holds
// the lab's own acceptance criteria, each marked "Lab criterion", used when a customer picks no market.
import type { LimitKind, MethodRole, Parameter, ParameterKind } from "@lab/contracts";

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
  /** Set for a prohibited substance: the rule that bans it (any result at or above the LOD fails). */
  prohibitedReference?: string;
}

/** A catalogue entry with every field spelled out, as the parameters table and the contracts hold it. */
export function catalogueParameter(p: CatalogueParameter): Parameter {
  return {
    code: p.code,
    name: p.name,
    kind: p.kind,
    unit: p.unit ?? null,
    method: p.method,
    methodRole: p.methodRole ?? "confirmatory",
    lod: p.lod ?? null,
    loq: p.loq ?? null,
    grades: p.grades ?? null,
    per25g: p.per25g ?? false,
    cutoff: p.cutoff ?? null,
    confirmWith: p.confirmWith ?? null,
    prohibited: p.prohibitedReference !== undefined,
    prohibitedReference: p.prohibitedReference ?? null,
  };
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

const CONFIRM =
  "Seeded as a starting point: the laboratory must confirm every limit against the current legal text before accredited use.";

/** A quantitative parameter: a number in its unit, or below the LOQ, or not detected. */
const quantity = (
  code: string,
  name: string,
  unit: string,
  method: string,
  lod?: number,
  loq?: number,
): CatalogueParameter => ({
  code,
  name,
  kind: "quantitative",
  unit,
  method,
  ...(lod !== undefined ? { lod } : {}),
  ...(loq !== undefined ? { loq } : {}),
});

/** A qualitative parameter: detected / not detected, or absent / present in 25 g. */
// Prohibited substances: banned in food-producing animals, so any result at or above the LOD fails
// every market whatever its numeric limit (docs/certified-results.md cites each; the lab confirms).
const CHLORAMPHENICOL_BAN =
  "Prohibited: Reg. (EU) No 37/2010, Annex Table 2; banned in Indian coastal aquaculture (CAA list of banned antibiotics)";
const NITROFURAN_BAN =
  "Prohibited: Reg. (EU) No 37/2010, Annex Table 2 (nitrofurans); banned in Indian coastal aquaculture (CAA list of banned antibiotics)";
const MALACHITE_GREEN_BAN =
  "Prohibited: not authorised for food-producing animals in the EU (reference point for action 0.5 µg/kg, Reg. (EU) 2019/1871); banned in Indian coastal aquaculture (CAA list of banned chemicals)";
const prohibited = (parameter: CatalogueParameter, reference: string): CatalogueParameter => ({
  ...parameter,
  prohibitedReference: reference,
});

const presence = (code: string, name: string, method: string, per25g = false): CatalogueParameter => ({
  code,
  name,
  kind: "qualitative",
  method,
  ...(per25g ? { per25g } : {}),
});

/** A graded parameter: named grades, best first, or (without grades) a numeric score in `unit`. */
const graded = (
  code: string,
  name: string,
  method: string,
  scale: { grades: string[] } | { unit: string },
): CatalogueParameter => ({ code, name, kind: "graded", method, ...scale });

const WOAH = "WOAH Manual of Diagnostic Tests for Aquatic Animals";
const CODEX_SENSORY = "trained panel, Codex CXG 31-1999";

export const CATALOGUE_PARAMETERS: CatalogueParameter[] = [
  // Veterinary drug residues, confirmatory LC-MS/MS (µg/kg). LOQs sit under the strictest limit
  // (EU reference points for action) so that a result under the LOQ still shows compliance.
  prohibited(quantity("CAP", "Chloramphenicol", "µg/kg", "LC-MS/MS", 0.03, 0.1), CHLORAMPHENICOL_BAN),
  prohibited(
    quantity("AOZ", "AOZ (furazolidone metabolite)", "µg/kg", "LC-MS/MS (after derivatisation)", 0.1, 0.3),
    NITROFURAN_BAN,
  ),
  prohibited(
    quantity("AMOZ", "AMOZ (furaltadone metabolite)", "µg/kg", "LC-MS/MS (after derivatisation)", 0.1, 0.3),
    NITROFURAN_BAN,
  ),
  prohibited(
    quantity("AHD", "AHD (nitrofurantoin metabolite)", "µg/kg", "LC-MS/MS (after derivatisation)", 0.1, 0.3),
    NITROFURAN_BAN,
  ),
  prohibited(
    quantity("SEM", "SEM (nitrofurazone metabolite)", "µg/kg", "LC-MS/MS (after derivatisation)", 0.1, 0.3),
    NITROFURAN_BAN,
  ),
  prohibited(
    quantity("MG_LMG", "Malachite green + leucomalachite green", "µg/kg", "LC-MS/MS", 0.1, 0.3),
    MALACHITE_GREEN_BAN,
  ),
  quantity("TCS", "Tetracyclines (sum, incl. 4-epimers)", "µg/kg", "LC-MS/MS", 5, 10),
  quantity("ENR_CIP", "Enrofloxacin + ciprofloxacin", "µg/kg", "LC-MS/MS", 1, 5),
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
  // Elements by ICP-MS (mg/kg wet weight, edible part).
  quantity("PB", "Lead (Pb)", "mg/kg", "ICP-MS (EN 15763)", 0.005, 0.02),
  quantity("CD", "Cadmium (Cd)", "mg/kg", "ICP-MS (EN 15763)", 0.002, 0.01),
  quantity("HG", "Mercury (Hg, total)", "mg/kg", "ICP-MS (EN 15763)", 0.005, 0.02),
  quantity("AS_INORG", "Arsenic, inorganic", "mg/kg", "HPLC-ICP-MS (EN 16802)", 0.005, 0.02),
  quantity("AS_TOTAL", "Arsenic, total", "mg/kg", "ICP-MS (EN 15763)", 0.01, 0.05),
  quantity("CU", "Copper (Cu)", "mg/kg", "ICP-MS", 0.05, 0.2),
  quantity("ZN", "Zinc (Zn)", "mg/kg", "ICP-MS", 0.1, 0.5),
  quantity("FE", "Iron (Fe)", "mg/kg", "ICP-MS", 0.2, 1),
  quantity("SE", "Selenium (Se)", "mg/kg", "ICP-MS", 0.01, 0.05),
  // Persistent organic pollutants, GC-HRMS per Regulation (EU) 2017/644 (upper-bound sums).
  quantity("DIOXINS", "Dioxins (PCDD/F, WHO-TEQ)", "pg/g", "GC-HRMS (Reg. (EU) 2017/644)", 0.02, 0.05),
  quantity(
    "DIOXIN_DLPCB",
    "Dioxins + dioxin-like PCBs (WHO-TEQ)",
    "pg/g",
    "GC-HRMS (Reg. (EU) 2017/644)",
    0.05,
    0.1,
  ),
  quantity("NDL_PCB", "Non-dioxin-like PCBs (sum of 6)", "ng/g", "GC-MS/MS (Reg. (EU) 2017/644)", 0.1, 0.5),
  // Crustacean pathogens by PCR / RT-PCR.
  presence("WSSV", "White spot syndrome virus (WSSV)", `PCR (${WOAH})`),
  presence("EHP", "Enterocytozoon hepatopenaei (EHP)", "Nested PCR (SWP gene)"),
  presence("AHPND", "Acute hepatopancreatic necrosis disease (VpAHPND)", `PCR (${WOAH})`),
  presence("IHHNV", "Infectious hypodermal and haematopoietic necrosis virus (IHHNV)", `PCR (${WOAH})`),
  presence("YHV", "Yellow head virus genotype 1 (YHV1)", `RT-PCR (${WOAH})`),
  presence("TSV", "Taura syndrome virus (TSV)", `RT-PCR (${WOAH})`),
  presence("IMNV", "Infectious myonecrosis virus (IMNV)", `RT-PCR (${WOAH})`),
  presence("NHPB", "Necrotising hepatopancreatitis (Hepatobacter penaei)", `PCR (${WOAH})`),
  presence("MBV", "Monodon baculovirus (MBV)", "PCR"),
  // Parasites.
  presence("GREGARINES", "Gregarines (gut)", "Wet-mount microscopy"),
  presence(
    "MICROSPORIDIA",
    "Microsporidiosis, muscle (cotton shrimp)",
    "Histology (H&E) and squash microscopy",
  ),
  // Microbiology (ISO methods; counts in cfu/g, detections in 25 g).
  quantity("TPC", "Total plate count (30 °C)", "cfu/g", "ISO 4833-1", 10, 10),
  quantity("ECOLI", "Escherichia coli", "cfu/g", "ISO 16649-2", 10, 10),
  presence("SALM", "Salmonella spp.", "ISO 6579-1", true),
  quantity("VIBRIO", "Vibrio spp.", "cfu/g", "TCBS plate count", 10, 10),
  quantity("COLIFORMS", "Coliforms", "cfu/g", "ISO 4832", 10, 10),
  quantity("ENTEROBACT", "Enterobacteriaceae", "cfu/g", "ISO 21528-2", 10, 10),
  quantity("STAPH", "Coagulase-positive staphylococci", "cfu/g", "ISO 6888-1", 10, 10),
  presence("LISTERIA", "Listeria monocytogenes", "ISO 11290-1", true),
  presence("VPARA", "Vibrio parahaemolyticus", "ISO 21872-1", true),
  presence("VCHOL", "Vibrio cholerae", "ISO 21872-1", true),
  quantity("PSYCHRO", "Psychrotrophic count (6.5 °C)", "cfu/g", "ISO 17410", 100, 100),
  quantity("H2S_BACT", "H2S-producing bacteria", "cfu/g", "Iron agar (NMKL 184)", 100, 100),
  quantity("PSEUDOMONAS", "Pseudomonas spp.", "cfu/g", "ISO 13720", 100, 100),
  // Proximate composition (AOAC Official Methods).
  quantity("MOISTURE", "Moisture", "g/100 g", "Oven drying (AOAC 950.46)", 0.05, 0.1),
  quantity("PROTEIN", "Protein (N × 6.25)", "g/100 g", "Kjeldahl (AOAC 981.10)", 0.05, 0.1),
  quantity("FAT", "Fat, total", "g/100 g", "Acid hydrolysis (AOAC 948.15)", 0.05, 0.1),
  quantity("ASH", "Ash", "g/100 g", "Dry ashing (AOAC 938.08)", 0.05, 0.1),
  quantity("ENERGY", "Energy", "kcal/100 g", "Calculated (Reg. (EU) 1169/2011, Annex XIV)"),
  quantity("EPA_DHA", "EPA + DHA", "g/100 g", "GC-FID (AOAC 996.06)", 0.005, 0.01),
  quantity("WATER_PROTEIN", "Moisture : protein ratio", "ratio", "Calculated (moisture / protein)"),
  quantity("SALT", "Salt (NaCl)", "g/100 g", "Volhard titration (AOAC 937.09)", 0.02, 0.05),
  quantity("SODIUM", "Sodium (Na)", "mg/100 g", "ICP-OES (AOAC 984.27)", 0.5, 1),
  quantity("AW", "Water activity", "aw", "Dew-point hygrometer (ISO 18787)"),
  // Freshness and spoilage indicators.
  quantity(
    "TVBN",
    "Total volatile basic nitrogen (TVB-N)",
    "mg N/100 g",
    "Steam distillation (Reg. (EC) 2074/2005)",
    1,
    3,
  ),
  quantity(
    "TMAN",
    "Trimethylamine nitrogen (TMA-N)",
    "mg N/100 g",
    "Picrate colorimetry (AOAC 971.14)",
    0.2,
    0.5,
  ),
  quantity("K_VALUE", "K-value (ATP breakdown)", "%", "HPLC of nucleotides", 0.5, 1),
  quantity("HX", "Hypoxanthine", "µmol/g", "HPLC of nucleotides", 0.05, 0.1),
  quantity("INDOLE", "Indole", "µg/100 g", "LC (AOAC 981.07)", 2, 5),
  quantity("PH", "pH", "pH", "Electrode, homogenate (ISO 2917)"),
  graded("FRESHNESS", "Freshness category (E, A, B)", "Sensory, Council Reg. (EC) 2406/96 Annex I", {
    grades: ["E", "A", "B", "Not admitted"],
  }),
  graded("MELANOSIS", "Melanosis (black spot) score", "Visual score 0–10 (0 = none, 10 = severe)", {
    unit: "score 0–10",
  }),
  // Additives and processing aids.
  quantity("SO2", "Sulphites (as SO2)", "mg/kg", "Optimised Monier-Williams (AOAC 990.28)", 3, 10),
  quantity("HEXYLRES", "4-Hexylresorcinol (E 586)", "mg/kg", "HPLC-FLD", 0.1, 0.3),
  quantity("PHOSPHATE", "Phosphorus, total (as P2O5)", "g/kg", "Spectrophotometry (ISO 13730)", 0.05, 0.1),
  // Quality and size grading (Codex CXS 92-1981, quick frozen shrimps or prawns).
  quantity("COUNT_PER_KG", "Count per kg", "pieces/kg", "Count of deglazed net weight (Codex CXS 92-1981)"),
  quantity(
    "UNIFORMITY",
    "Uniformity ratio (largest / smallest 10 %)",
    "ratio",
    "Weighing (Codex CXS 92-1981)",
  ),
  quantity("GLAZE", "Glaze", "% of gross weight", "Deglazing (Codex CXS 92-1981, Annex)", 0.1, 0.5),
  quantity("DEFECTS", "Defective units", "% by count", "Visual examination (Codex CXS 92-1981, s. 8)"),
  quantity("DRIP_LOSS", "Thaw drip loss", "%", "Gravimetric, after thawing"),
  // Sensory (trained panel) and texture.
  graded("ODOUR", "Odour (raw)", `Sensory, ${CODEX_SENSORY}`, {
    grades: ["Fresh", "Neutral", "Slightly off", "Objectionable"],
  }),
  graded("FLAVOUR", "Flavour (cooked)", `Sensory, ${CODEX_SENSORY}`, {
    grades: ["Characteristic", "Slightly off", "Off", "Taint"],
  }),
  graded("TEXTURE", "Texture (cooked)", `Sensory, ${CODEX_SENSORY}`, {
    grades: ["Firm", "Slightly soft", "Soft", "Mushy"],
  }),
  graded("SWEETNESS", "Sweetness intensity", "Descriptive analysis (ISO 13299)", { unit: "score 0–10" }),
  quantity("IMP", "Inosine monophosphate (IMP)", "mg/100 g", "HPLC of nucleotides", 0.5, 1),
  quantity("SHEAR_FORCE", "Shear force", "N", "Texture analyser, Warner–Bratzler blade"),
  quantity("HARDNESS", "Hardness (TPA)", "N", "Texture analyser, texture profile analysis"),
  // Oxidation, colour and antioxidants.
  quantity("TBARS", "TBARS (lipid oxidation)", "mg MDA/kg", "Distillation TBA method", 0.05, 0.1),
  quantity("PV", "Peroxide value", "meq O2/kg fat", "Iodometric titration (ISO 3960)", 0.2, 0.5),
  quantity("FFA", "Free fatty acids (as oleic acid)", "% of fat", "Titration (ISO 660)", 0.05, 0.1),
  quantity("ASTAXANTHIN", "Astaxanthin", "mg/kg", "HPLC-DAD", 0.1, 0.3),
  quantity("TOCOPHEROL", "Vitamin E (α-tocopherol)", "mg/100 g", "HPLC-FLD (EN 12822)", 0.01, 0.05),
  quantity("DPPH", "Antioxidant capacity (DPPH)", "µmol TE/100 g", "DPPH radical scavenging", 1, 2),
  quantity("COLOUR_L", "Lightness L*", "CIELAB L*", "Colorimeter (ISO/CIE 11664-4)"),
  quantity("CHROMA", "Chroma C*ab", "CIELAB C*", "Colorimeter (ISO/CIE 11664-4)"),
  quantity("HUE", "Hue angle h_ab", "°", "Colorimeter (ISO/CIE 11664-4)"),
  // Allergens (cross-contact), judged against the label, not a limit.
  quantity("GLUTEN", "Gluten", "mg/kg", "ELISA R5 (AOAC 2012.01)", 2.5, 5),
  quantity("MILK", "Milk protein (casein)", "mg/kg", "ELISA", 0.5, 1),
  quantity("EGG", "Egg protein", "mg/kg", "ELISA", 0.5, 1),
  quantity("SOY", "Soy protein", "mg/kg", "ELISA", 1, 2.5),
  quantity("FISH_ALLERGEN", "Fish (parvalbumin)", "mg/kg", "ELISA", 1, 5),
  // Genetics and broodstock.
  graded("SPECIES_ID", "Species identity (as declared)", "DNA barcoding (COI)", {
    grades: ["Conforms", "Does not conform"],
  }),
  quantity("HETEROZYGOSITY", "Heterozygosity, observed", "Ho (0–1)", "Microsatellite genotyping (10 loci)"),
  quantity("ALLELES", "Alleles per locus (mean)", "alleles", "Microsatellite genotyping (10 loci)"),
  quantity("CHALLENGE_SURVIVAL", "Survival after WSSV challenge", "%", "Immersion challenge, 10 days"),
];

/** The parameters of each test type (SHRIMP_CATEGORIES in @lab/contracts), in report order. */
export const CATALOGUE_PANELS: Record<string, string[]> = {
  // Pacific White Shrimp
  "Pathogen Detection": ["WSSV", "EHP", "AHPND", "IHHNV"],
  "Antibiotic Residue Test": ["CAP", "AOZ", "AMOZ", "AHD", "SEM", "MG_LMG", "TCS", "ENR_CIP"],
  "Heavy Metal Analysis": ["PB", "CD", "HG"],
  "Nutritional Analysis": ["MOISTURE", "PROTEIN", "FAT", "ASH", "ENERGY", "EPA_DHA"],
  "Freshness Assessment": ["FRESHNESS", "TVBN", "TMAN", "K_VALUE", "INDOLE", "MELANOSIS"],
  "Microbiological Testing": ["TPC", "ECOLI", "SALM", "VIBRIO"],
  // Tiger Shrimp
  "Viral Disease Screening": ["WSSV", "YHV", "IHHNV", "TSV", "IMNV", "MBV"],
  "Bacterial Contamination Test": ["TPC", "COLIFORMS", "ECOLI", "STAPH", "SALM", "LISTERIA", "VPARA"],
  "Chemical Residue Analysis": ["CAP_ELISA", "AOZ_ELISA", "MG_LMG", "TCS"],
  "Quality Grade Assessment": ["COUNT_PER_KG", "UNIFORMITY", "GLAZE", "DEFECTS", "MELANOSIS", "FRESHNESS"],
  "Shelf Life Evaluation": ["TPC", "PSYCHRO", "H2S_BACT", "TVBN", "TBARS", "ODOUR"],
  "Allergen Testing": ["GLUTEN", "MILK", "EGG", "SOY", "FISH_ALLERGEN", "SO2"],
  // Black Tiger Shrimp
  "Disease Resistance Testing": ["WSSV", "YHV", "IHHNV", "TSV", "AHPND", "NHPB", "EHP", "CHALLENGE_SURVIVAL"],
  "Genetic Purity Analysis": ["SPECIES_ID", "HETEROZYGOSITY", "ALLELES"],
  "Environmental Toxin Screening": ["PB", "CD", "HG", "AS_INORG", "DIOXINS", "DIOXIN_DLPCB", "NDL_PCB"],
  "Protein Content Analysis": ["PROTEIN", "MOISTURE", "WATER_PROTEIN"],
  "Texture Quality Assessment": ["SHEAR_FORCE", "HARDNESS", "TEXTURE", "DRIP_LOSS"],
  "Preservation Efficacy Test": ["SO2", "HEXYLRES", "MELANOSIS", "TPC", "PSYCHRO", "TVBN"],
  // Banana Shrimp
  "Freshness Indicator Testing": ["TVBN", "TMAN", "K_VALUE", "HX", "INDOLE", "PH"],
  "Parasitic Infection Screening": ["EHP", "GREGARINES", "MICROSPORIDIA"],
  "Trace Element Analysis": ["CU", "ZN", "FE", "SE", "AS_TOTAL", "PB", "CD", "HG"],
  "Sensory Quality Evaluation": ["FRESHNESS", "ODOUR", "FLAVOUR", "TEXTURE", "MELANOSIS"],
  "Spoilage Bacteria Detection": ["TPC", "PSYCHRO", "H2S_BACT", "PSEUDOMONAS", "ENTEROBACT"],
  "Size Grading Assessment": ["COUNT_PER_KG", "UNIFORMITY", "GLAZE"],
  // Brown Shrimp
  "Contamination Level Testing": ["PB", "CD", "HG", "AS_INORG", "NDL_PCB", "ECOLI", "SALM"],
  "Oxidation Resistance Analysis": ["TBARS", "PV", "FFA", "ASTAXANTHIN"],
  "Flavor Profile Assessment": ["FLAVOUR", "ODOUR", "SWEETNESS", "IMP", "SALT"],
  "Moisture Content Analysis": ["MOISTURE", "WATER_PROTEIN", "DRIP_LOSS", "GLAZE"],
  "Bacterial Load Testing": ["TPC", "PSYCHRO", "COLIFORMS", "ENTEROBACT", "ECOLI", "STAPH", "VIBRIO"],
  "Chemical Preservative Detection": ["SO2", "HEXYLRES", "PHOSPHATE", "WATER_PROTEIN"],
  // Pink Shrimp
  "Color Stability Testing": ["COLOUR_L", "CHROMA", "HUE", "ASTAXANTHIN", "MELANOSIS"],
  "Antioxidant Level Analysis": ["ASTAXANTHIN", "TOCOPHEROL", "DPPH", "TBARS"],
  "Texture Integrity Assessment": ["SHEAR_FORCE", "HARDNESS", "TEXTURE", "DRIP_LOSS"],
  "Microbial Safety Testing": ["SALM", "LISTERIA", "VPARA", "VCHOL", "ECOLI", "STAPH"],
  "Salt Content Analysis": ["SALT", "SODIUM", "AW"],
  "Processing Quality Evaluation": ["GLAZE", "DEFECTS", "MELANOSIS", "SO2", "WATER_PROTEIN", "TPC"],
};

/**
 * Parameters that describe the product rather than pass or fail it: the LAB market sets no criterion
 * for them (a customer's buyer specification may). Every other parameter has a LAB criterion.
 */
export const DESCRIPTIVE_PARAMETERS: Record<string, string> = {
  AS_TOTAL: "mostly non-toxic arsenobetaine in crustaceans; inorganic arsenic is judged instead",
  CU: "essential element; no food limit for crustaceans",
  ZN: "essential element; no food limit for crustaceans",
  FE: "essential element; no food limit for crustaceans",
  SE: "essential element; no food limit for crustaceans",
  VIBRIO: "total Vibrio count is an indicator; the pathogenic species are detected separately",
  COLIFORMS: "hygiene indicator without a limit for raw crustaceans",
  ENTEROBACT: "hygiene indicator without a limit for raw crustaceans",
  PSYCHRO: "spoilage indicator for shelf-life studies",
  H2S_BACT: "spoilage indicator for shelf-life studies",
  PSEUDOMONAS: "spoilage indicator for shelf-life studies",
  MOISTURE: "composition",
  PROTEIN: "composition",
  FAT: "composition",
  ASH: "composition",
  ENERGY: "composition",
  EPA_DHA: "composition",
  WATER_PROTEIN: "indicator of added water; buyers set their own maximum",
  SALT: "composition",
  SODIUM: "composition",
  AW: "composition",
  TMAN: "freshness indicator without an accepted limit for shrimp; TVB-N is judged",
  K_VALUE: "freshness indicator without an accepted limit for shrimp; TVB-N is judged",
  HX: "freshness indicator without an accepted limit for shrimp; TVB-N is judged",
  PH: "freshness indicator without an accepted limit for shrimp; TVB-N is judged",
  PHOSPHATE:
    "total phosphorus includes the shrimp's natural phosphorus, so it cannot be compared with the additive limit",
  COUNT_PER_KG: "size grade, compared with the declared count",
  UNIFORMITY: "size grade; buyers set their own maximum",
  GLAZE: "declared on the label (net weight excludes glaze)",
  DEFECTS: "judged per lot by the Codex sampling plan, not per sample",
  DRIP_LOSS: "quality measure without an accepted limit",
  SWEETNESS: "flavour profile",
  IMP: "flavour profile",
  SHEAR_FORCE: "instrumental texture",
  HARDNESS: "instrumental texture",
  TBARS: "oxidation indicator without an accepted limit for shrimp",
  PV: "oxidation indicator without an accepted limit for shrimp",
  FFA: "oxidation indicator without an accepted limit for shrimp",
  ASTAXANTHIN: "colour and antioxidant content",
  TOCOPHEROL: "antioxidant content",
  DPPH: "antioxidant content",
  COLOUR_L: "colour measurement",
  CHROMA: "colour measurement",
  HUE: "colour measurement",
  GLUTEN: "judged against the label's allergen declaration",
  MILK: "judged against the label's allergen declaration",
  EGG: "judged against the label's allergen declaration",
  SOY: "judged against the label's allergen declaration",
  FISH_ALLERGEN: "judged against the label's allergen declaration",
  HETEROZYGOSITY: "genetic diversity of a broodstock population",
  ALLELES: "genetic diversity of a broodstock population",
  CHALLENGE_SURVIVAL: "result of a challenge trial, compared with the control group",
};

// References, cited once.
const EU_RPA =
  "Commission Regulation (EU) 2019/1871, Annex (reference point for action; applies from 28.11.2022 per Art. 8)";
const EU_MRL =
  "Commission Regulation (EU) No 37/2010, Annex Table 1 (all food-producing species, muscle; per substance, incl. 4-epimer)";
const EU_ENR =
  "Commission Regulation (EU) No 37/2010, Annex Table 1, enrofloxacin (sum of enrofloxacin and ciprofloxacin, muscle)";
const EU_CONTAMINANTS = "Commission Regulation (EU) 2023/915, Annex I";
const EU_ADDITIVES =
  "Regulation (EC) No 1333/2008, Annex II Part E, 09.1.2 (unprocessed crustaceans; Union list applies from 1.6.2013)";
const US_PROHIBITED = "21 CFR 530.41(a): prohibited extralabel use in food-producing animals; no tolerance";
const JP_NOT_DETECTED =
  "Food Sanitation Act; MHLW Notification No. 370 (1959) as amended: 'not to be detected' in any food (positive list system)";
const CN_PROHIBITED =
  "MARA Announcement No. 250 (2019): prohibited in food animals (list of drugs and compounds prohibited for use)";
const CN_CONTAMINANTS = "GB 2762-2022 National food safety standard: maximum levels of contaminants in foods";
const IN_CTR = "FSS (Contaminants, Toxins and Residues) Regulations, 2011";
const IN_EMRL = `${IN_CTR}, reg. 2.3.2(2) as substituted in 2018: not permitted in seafood, extraneous MRL`;
// The 2018 amendment was enforced from 1 April 2019 (FSSAI direction of 29 March 2019).
const IN_EMRL_DATE = "2019-04-01";
const LAB = "Lab criterion";

const EU_RPA_DATE = "2022-11-28";
const EU_MRL_DATE = "2010-02-09";
const EU_CONTAMINANTS_DATE = "2023-05-25";
const EU_ADDITIVES_DATE = "2013-06-01";
const LAB_DATE = "2026-01-01";

/** A maximum. */
const max = (
  parameter: string,
  value: number,
  reference: string,
  effectiveFrom: string,
  strict = false,
): CatalogueLimit => ({
  parameter,
  kind: "max",
  max: value,
  ...(strict ? { strict } : {}),
  reference,
  effectiveFrom,
});
const notDetected = (parameter: string, reference: string, effectiveFrom: string): CatalogueLimit => ({
  parameter,
  kind: "not_detected",
  reference,
  effectiveFrom,
});
const absent25g = (parameter: string, reference: string, effectiveFrom: string): CatalogueLimit => ({
  parameter,
  kind: "absent_25g",
  reference,
  effectiveFrom,
});
/** A graded parameter's worst accepted grade. */
const atLeast = (
  parameter: string,
  grade: string,
  reference: string,
  effectiveFrom: string,
): CatalogueLimit => ({
  parameter,
  kind: "min",
  grade,
  reference,
  effectiveFrom,
});

/** EU reference points for action: at or above the value is non-compliant, so the limit is strict. */
const EU_RPA_LIMITS: CatalogueLimit[] = [
  max("CAP", 0.15, EU_RPA, EU_RPA_DATE, true),
  max("AOZ", 0.5, EU_RPA, EU_RPA_DATE, true),
  max("AMOZ", 0.5, EU_RPA, EU_RPA_DATE, true),
  max("AHD", 0.5, EU_RPA, EU_RPA_DATE, true),
  max("SEM", 0.5, EU_RPA, EU_RPA_DATE, true),
  max("MG_LMG", 0.5, `${EU_RPA}; sum of malachite green and leucomalachite green`, EU_RPA_DATE, true),
];

export const CATALOGUE_MARKETS: CatalogueMarket[] = [
  {
    code: "EU",
    name: "European Union",
    reference: "EU food law for fishery products placed on the Union market",
    effectiveFrom: "2023-05-25",
    note: CONFIRM,
    limits: [
      ...EU_RPA_LIMITS,
      max("TCS", 100, EU_MRL, EU_MRL_DATE),
      max("ENR_CIP", 100, EU_ENR, EU_MRL_DATE),
      max(
        "PB",
        0.5,
        `${EU_CONTAMINANTS}, 3.1 lead (crustaceans, muscle of appendages and abdomen)`,
        EU_CONTAMINANTS_DATE,
      ),
      max(
        "CD",
        0.5,
        `${EU_CONTAMINANTS}, 3.2 cadmium (crustaceans, muscle of appendages and abdomen)`,
        EU_CONTAMINANTS_DATE,
      ),
      max(
        "HG",
        0.5,
        `${EU_CONTAMINANTS}, 3.3 mercury (fishery products, incl. crustaceans)`,
        EU_CONTAMINANTS_DATE,
      ),
      max(
        "DIOXINS",
        3.5,
        `${EU_CONTAMINANTS}, 4.1 dioxins (muscle meat of fish and fishery products)`,
        EU_CONTAMINANTS_DATE,
      ),
      max(
        "DIOXIN_DLPCB",
        6.5,
        `${EU_CONTAMINANTS}, 4.1 dioxins and dioxin-like PCBs (muscle meat of fish and fishery products)`,
        EU_CONTAMINANTS_DATE,
      ),
      max(
        "NDL_PCB",
        75,
        `${EU_CONTAMINANTS}, 4.1 non-dioxin-like PCBs (muscle meat of fish and fishery products)`,
        EU_CONTAMINANTS_DATE,
      ),
      max(
        "SO2",
        150,
        `${EU_ADDITIVES}: E 220–228, fresh/frozen crustaceans, edible parts; 150 for Penaeidae up to 80 per kg (200 at 80–120, 300 above 120)`,
        EU_ADDITIVES_DATE,
      ),
      max("HEXYLRES", 2, `${EU_ADDITIVES}: E 586, residue in crustacean meat`, EU_ADDITIVES_DATE),
      absent25g(
        "SALM",
        "Commission Regulation (EC) No 2073/2005, Annex I, 1.16 (cooked crustaceans and molluscan shellfish)",
        "2006-01-01",
      ),
    ],
  },
  {
    code: "US",
    name: "United States",
    reference: "US FDA requirements for imported seafood (21 CFR 530.41; CPG Sec. 540.600)",
    effectiveFrom: "1996-12-09",
    note: CONFIRM,
    limits: [
      notDetected("CAP", `${US_PROHIBITED} (1) chloramphenicol`, "1996-12-09"),
      notDetected("AOZ", `${US_PROHIBITED} (7) furazolidone`, "1996-12-09"),
      notDetected("SEM", `${US_PROHIBITED} (8) nitrofurazone`, "1996-12-09"),
      notDetected("ENR_CIP", `${US_PROHIBITED} (10) fluoroquinolones`, "1997-08-20"),
      max(
        "HG",
        1.0,
        "FDA CPG Sec. 540.600: methyl mercury (as Hg) in excess of 1 ppm, edible portion; total Hg judged, so conservative",
        "1984-11-06",
      ),
    ],
  },
  {
    code: "JP",
    name: "Japan",
    reference: "Food Sanitation Act, positive list system (MHLW Notification No. 370 of 1959 as amended)",
    effectiveFrom: "2006-05-29",
    note: CONFIRM,
    limits: [
      notDetected("CAP", `${JP_NOT_DETECTED}: chloramphenicol`, "2006-05-29"),
      notDetected("AOZ", `${JP_NOT_DETECTED}: furazolidone`, "2006-05-29"),
      notDetected("SEM", `${JP_NOT_DETECTED}: nitrofurazone`, "2006-05-29"),
      notDetected("AMOZ", `${JP_NOT_DETECTED}: furaltadone`, "2006-05-29"),
      notDetected("AHD", `${JP_NOT_DETECTED}: nitrofurantoin`, "2006-05-29"),
      notDetected(
        "MG_LMG",
        `${JP_NOT_DETECTED}: malachite green, added by MHLW Notification No. 377 of 2006; analyte includes leucomalachite green`,
        "2006-11-30",
      ),
    ],
  },
  {
    code: "CN",
    name: "China",
    reference: "MARA Announcement No. 250 (2019) and GB 2762-2022",
    effectiveFrom: "2023-06-30",
    note: CONFIRM,
    limits: [
      notDetected("CAP", `${CN_PROHIBITED}: chloramphenicol`, "2019-12-27"),
      notDetected("AOZ", `${CN_PROHIBITED}: nitrofurans (furazolidone)`, "2019-12-27"),
      notDetected("AMOZ", `${CN_PROHIBITED}: nitrofurans (furaltadone)`, "2019-12-27"),
      notDetected("AHD", `${CN_PROHIBITED}: nitrofurans (nitrofurantoin)`, "2019-12-27"),
      notDetected("SEM", `${CN_PROHIBITED}: nitrofurans (nitrofurazone)`, "2019-12-27"),
      notDetected("MG_LMG", `${CN_PROHIBITED}: malachite green`, "2019-12-27"),
      max("PB", 0.5, `${CN_CONTAMINANTS}, 4.1 lead (crustaceans)`, "2023-06-30"),
      max("CD", 0.5, `${CN_CONTAMINANTS}, 4.2 cadmium (crustaceans)`, "2023-06-30"),
      max(
        "HG",
        0.5,
        `${CN_CONTAMINANTS}, 4.3 methylmercury (aquatic animals); total Hg at or under the limit needs no methylmercury test`,
        "2023-06-30",
      ),
      max(
        "AS_INORG",
        0.5,
        `${CN_CONTAMINANTS}, 4.4 inorganic arsenic (aquatic animals other than fish)`,
        "2023-06-30",
      ),
    ],
  },
  {
    code: "IN",
    name: "India (domestic)",
    reference: `${IN_CTR}, as amended`,
    effectiveFrom: "2019-04-01",
    note: CONFIRM,
    limits: [
      max("CAP", 0.3, `${IN_EMRL}: chloramphenicol 0.0003 mg/kg`, IN_EMRL_DATE),
      max("AOZ", 1, `${IN_EMRL}: nitrofurans (furazolidone) 0.001 mg/kg`, IN_EMRL_DATE),
      max("AMOZ", 1, `${IN_EMRL}: nitrofurans (furaltadone) 0.001 mg/kg`, IN_EMRL_DATE),
      max("AHD", 1, `${IN_EMRL}: nitrofurans (nitrofurantoin) 0.001 mg/kg`, IN_EMRL_DATE),
      max("SEM", 1, `${IN_EMRL}: nitrofurans (nitrofurazone) 0.001 mg/kg`, IN_EMRL_DATE),
      max("MG_LMG", 1, `${IN_EMRL}: malachite green 0.001 mg/kg`, IN_EMRL_DATE),
    ],
  },
  {
    code: "LAB",
    name: "Lab default limits",
    reference: "AquaTest Laboratory default acceptance criteria QS-07 (used when no market is chosen)",
    effectiveFrom: LAB_DATE,
    note: `${CONFIRM} Where a criterion follows a regulation, its reference names it; the others are the lab's own.`,
    limits: [
      // Residues and contaminants at EU levels, the strictest of the seeded markets that set a number.
      ...EU_RPA_LIMITS.map((limit) => ({
        ...limit,
        reference: `${LAB} (= EU): ${limit.reference}`,
        effectiveFrom: LAB_DATE,
      })),
      max("TCS", 100, `${LAB} (= EU): ${EU_MRL}`, LAB_DATE),
      max("ENR_CIP", 100, `${LAB} (= EU): ${EU_ENR}`, LAB_DATE),
      max("PB", 0.5, `${LAB} (= EU): ${EU_CONTAMINANTS}, 3.1 lead (crustaceans)`, LAB_DATE),
      max("CD", 0.5, `${LAB} (= EU): ${EU_CONTAMINANTS}, 3.2 cadmium (crustaceans)`, LAB_DATE),
      max("HG", 0.5, `${LAB} (= EU): ${EU_CONTAMINANTS}, 3.3 mercury (fishery products)`, LAB_DATE),
      max("AS_INORG", 0.5, `${LAB} (= CN): ${CN_CONTAMINANTS}, inorganic arsenic`, LAB_DATE),
      max("DIOXINS", 3.5, `${LAB} (= EU): ${EU_CONTAMINANTS}, 4.1 dioxins`, LAB_DATE),
      max(
        "DIOXIN_DLPCB",
        6.5,
        `${LAB} (= EU): ${EU_CONTAMINANTS}, 4.1 dioxins and dioxin-like PCBs`,
        LAB_DATE,
      ),
      max("NDL_PCB", 75, `${LAB} (= EU): ${EU_CONTAMINANTS}, 4.1 non-dioxin-like PCBs`, LAB_DATE),
      max("SO2", 150, `${LAB} (= EU): ${EU_ADDITIVES}, E 220–228`, LAB_DATE),
      max("HEXYLRES", 2, `${LAB} (= EU): ${EU_ADDITIVES}, E 586`, LAB_DATE),
      // Crustacean diseases and parasites: any detection fails.
      ...["WSSV", "EHP", "AHPND", "IHHNV", "YHV", "TSV", "IMNV", "NHPB"].map((code) =>
        notDetected(code, `${LAB}: WOAH-listed or emerging crustacean disease, not detected`, LAB_DATE),
      ),
      notDetected("MBV", `${LAB}: monodon baculovirus, not detected (SPF status)`, LAB_DATE),
      notDetected("GREGARINES", `${LAB}: parasite, not detected`, LAB_DATE),
      notDetected("MICROSPORIDIA", `${LAB}: parasite, not detected`, LAB_DATE),
      // Microbiology.
      max("TPC", 1_000_000, `${LAB}: after ICMSF (1986), frozen raw crustaceans, m = 10^6 cfu/g`, LAB_DATE),
      max("ECOLI", 500, `${LAB}: after ICMSF (1986), frozen raw crustaceans, M = 500 /g`, LAB_DATE),
      max(
        "STAPH",
        1000,
        `${LAB}: after Reg. (EC) 2073/2005, 2.4.1 (cooked crustaceans), M = 1000 cfu/g`,
        LAB_DATE,
      ),
      absent25g("SALM", `${LAB}: Salmonella absent in 25 g`, LAB_DATE),
      absent25g(
        "LISTERIA",
        `${LAB}: L. monocytogenes absent in 25 g (after Reg. (EC) 2073/2005, 1.2)`,
        LAB_DATE,
      ),
      absent25g("VPARA", `${LAB}: V. parahaemolyticus absent in 25 g`, LAB_DATE),
      absent25g("VCHOL", `${LAB}: V. cholerae absent in 25 g`, LAB_DATE),
      // Freshness and quality.
      max("TVBN", 30, `${LAB}: TVB-N at most 30 mg N/100 g for shrimp`, LAB_DATE),
      max("INDOLE", 25, `${LAB}: indole at most 25 µg/100 g (decomposition indicator for shrimp)`, LAB_DATE),
      atLeast("FRESHNESS", "B", `${LAB}: at least category B of Council Reg. (EC) 2406/96`, LAB_DATE),
      max("MELANOSIS", 4, `${LAB}: black spot score at most 4 (up to 40 % of the surface)`, LAB_DATE),
      atLeast("ODOUR", "Slightly off", `${LAB}: no objectionable odour (Codex CXG 31-1999)`, LAB_DATE),
      atLeast(
        "FLAVOUR",
        "Slightly off",
        `${LAB}: no distinct off-flavour or taint (Codex CXG 31-1999)`,
        LAB_DATE,
      ),
      atLeast("TEXTURE", "Soft", `${LAB}: not mushy (Codex CXG 31-1999)`, LAB_DATE),
      atLeast("SPECIES_ID", "Conforms", `${LAB}: species as declared`, LAB_DATE),
    ],
  },
];
