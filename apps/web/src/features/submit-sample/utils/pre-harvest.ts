// A pre-harvest screening tests what export buyers refuse a harvest for, against the lot's markets.
import {
  ID_MAX,
  MARKETS_MAX,
  SAMPLE_PURPOSES,
  SHRIMP_CATEGORY_NAMES,
  orderableTestTypesOf,
  type Lot,
  type SamplePurpose,
} from "@lab/contracts";

import type { SampleFormValues } from "./sample-form";

/**
 * The test type whose panel holds the catalogue's prohibited substances (chloramphenicol, the four
 * nitrofuran metabolites, malachite and leucomalachite green) and the other banned residues it tests
 * (tetracyclines, enrofloxacin + ciprofloxacin), by confirmatory LC-MS/MS.
 */
export const PRE_HARVEST_TEST_TYPES: readonly string[] = ["Antibiotic Residue Test"];

const isCategory = (name: string): boolean => (SHRIMP_CATEGORY_NAMES as readonly string[]).includes(name);

/** The pre-harvest panel's test types a sample of this category can be ordered with. */
export const preHarvestTestTypesOf = (category: string): string[] =>
  orderableTestTypesOf(category).filter((type) => PRE_HARVEST_TEST_TYPES.includes(type));

/**
 * The form with the pre-harvest panel ticked (beside what is already ticked) and, once the lot is
 * known, its markets chosen and its crop's species as the category when none is chosen yet. The
 * customer may untick or change any of it afterwards.
 */
export function withPreHarvestPanel(
  values: SampleFormValues,
  lot: Pick<Lot, "species" | "markets"> | null = null,
): SampleFormValues {
  const category =
    values.shrimpCategory === "" && lot !== null && isCategory(lot.species)
      ? lot.species
      : values.shrimpCategory;
  const ticked = category === values.shrimpCategory ? values.testTypes : [];
  const testTypes = orderableTestTypesOf(category).filter(
    (type) => ticked.includes(type) || PRE_HARVEST_TEST_TYPES.includes(type),
  );
  const markets =
    lot === null ? values.markets : [...new Set([...values.markets, ...lot.markets])].slice(0, MARKETS_MAX);
  return { ...values, shrimpCategory: category, testTypes, markets };
}

/**
 * What Submit Sample's address may ask for: `?lot={id}&purpose=pre_harvest`, a retest of the lot. A
 * lot is screened before harvest, so a lot without a purpose is a pre-harvest screening too; a lot
 * with another purpose is not taken.
 */
export interface SamplePrefill {
  lotId: number | null;
  purpose: SamplePurpose | null;
}

export function samplePrefillOf(search: URLSearchParams): SamplePrefill | null {
  const lot = search.get("lot") ?? "";
  const asked = search.get("purpose") ?? "";
  const purpose = (SAMPLE_PURPOSES as readonly string[]).includes(asked) ? (asked as SamplePurpose) : null;
  const id = /^[1-9]\d{0,9}$/.test(lot) ? Number(lot) : null;
  const lotId = id !== null && id <= ID_MAX && (purpose === null || purpose === "pre_harvest") ? id : null;
  if (lotId !== null) return { lotId, purpose: "pre_harvest" };
  return purpose === null ? null : { lotId: null, purpose };
}
