import { LAB_DEFAULT_MARKET, type Limit, type Parameter } from "@lab/contracts";
import type { MarketSpec } from "@lab/contracts";
import {
  marketLimits,
  markets,
  panelParameters,
  parameters,
  specVersions,
  type Executor,
  type MarketLimitRow,
  type ParameterRow,
} from "@lab/db";
import { and, asc, desc, inArray, lte } from "drizzle-orm";

import { invalidField } from "../../lib/app-error";

/** A parameter row as the contracts describe it. */
export function toParameter(row: ParameterRow): Parameter {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    method: row.method,
    methodRole: row.methodRole,
    lod: row.lod,
    loq: row.loq,
    grades: row.grades,
    per25g: row.per25g,
    cutoff: row.cutoff,
    confirmWith: row.confirmWith,
    prohibited: row.prohibited,
    prohibitedReference: row.prohibitedReference,
  };
}

export function toLimit(row: MarketLimitRow): Limit {
  return {
    kind: row.kind,
    min: row.min,
    max: row.max,
    strict: row.strict,
    grade: row.grade,
    reference: row.reference,
    effectiveFrom: row.effectiveFrom,
  };
}

/** Every parameter by code: the confirmatory parameters of screenings come from here. */
export async function parameterCatalogue(executor: Executor): Promise<Map<string, Parameter>> {
  const rows = await executor.select().from(parameters);
  return new Map(rows.map((row) => [row.code, toParameter(row)]));
}

/**
 * The panel of a sample: its test types' panels in order, each parameter once (the first test type
 * that lists it keeps it). A test type without a panel adds nothing.
 */
export async function samplePanel(
  executor: Executor,
  testTypes: readonly string[],
  catalogue: ReadonlyMap<string, Parameter>,
): Promise<Parameter[]> {
  if (testTypes.length === 0) return [];
  const rows = await executor
    .select()
    .from(panelParameters)
    .where(inArray(panelParameters.testType, [...testTypes]))
    .orderBy(asc(panelParameters.position));
  const panel: Parameter[] = [];
  const seen = new Set<string>();
  for (const testType of testTypes) {
    for (const row of rows) {
      if (row.testType !== testType || seen.has(row.parameterCode)) continue;
      const parameter = catalogue.get(row.parameterCode);
      if (!parameter) continue;
      seen.add(row.parameterCode);
      panel.push(parameter);
    }
  }
  return panel;
}

/** The parameter codes of each test type's panel (for the report's legacy per-test-type lines). */
export async function panelCodesByTestType(
  executor: Executor,
  testTypes: readonly string[],
): Promise<Map<string, string[]>> {
  const byType = new Map<string, string[]>(testTypes.map((type) => [type, []]));
  if (testTypes.length === 0) return byType;
  const rows = await executor
    .select()
    .from(panelParameters)
    .where(inArray(panelParameters.testType, [...testTypes]))
    .orderBy(asc(panelParameters.position));
  for (const row of rows) byType.get(row.testType)?.push(row.parameterCode);
  return byType;
}

/** The lab's calendar date (India Standard Time) of an instant, YYYY-MM-DD. */
export const labDate = (at: Date): string => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * Each market's specification in force on `at`: its newest version that has taken effect, with its
 * limits. A market with no such version judges with no limits ("no limit" per parameter). With
 * `lock` (inside a release's transaction) the chosen versions are held FOR SHARE before their limits
 * are read: an edit of a version (which takes FOR UPDATE, then refuses a used one) either finishes
 * first and is judged with, or waits and then finds the version used.
 */
export async function currentSpecs(
  executor: Executor,
  codes: readonly string[],
  at: Date,
  lock = false,
): Promise<MarketSpec[]> {
  if (codes.length === 0) return [];
  const [marketRows, versionRows] = await Promise.all([
    executor
      .select()
      .from(markets)
      .where(inArray(markets.code, [...codes])),
    executor
      .select()
      .from(specVersions)
      .where(and(inArray(specVersions.marketCode, [...codes]), lte(specVersions.effectiveFrom, labDate(at))))
      .orderBy(desc(specVersions.effectiveFrom), desc(specVersions.version)),
  ]);
  const current = new Map<string, (typeof versionRows)[number]>();
  for (const version of versionRows) {
    if (!current.has(version.marketCode)) current.set(version.marketCode, version);
  }
  const versionIds = [...current.values()].map((version) => version.id);
  if (lock && versionIds.length > 0) {
    await executor
      .select({ id: specVersions.id })
      .from(specVersions)
      .where(inArray(specVersions.id, versionIds))
      .for("share");
  }
  const limitRows =
    versionIds.length === 0
      ? []
      : await executor.select().from(marketLimits).where(inArray(marketLimits.specVersionId, versionIds));
  return codes.map((code) => {
    const version = current.get(code);
    const limits: Record<string, Limit> = {};
    for (const row of limitRows)
      if (version && row.specVersionId === version.id) limits[row.parameterCode] = toLimit(row);
    const name =
      marketRows.find((market) => market.code === code)?.name ??
      (code === LAB_DEFAULT_MARKET ? "Lab default limits" : code);
    return { code, name, specVersionId: version?.id ?? null, version: version?.version ?? null, limits };
  });
}

/** The markets an organisation may choose: the public ones and its own buyers' specifications. */
export async function choosableMarkets(executor: Executor, organisationId: number) {
  const rows = await executor.select().from(markets).orderBy(asc(markets.createdAt), asc(markets.code));
  return rows.filter(
    (row) =>
      row.code !== LAB_DEFAULT_MARKET &&
      (row.organisationId === null || row.organisationId === organisationId),
  );
}

/**
 * The markets a member chose, checked: each a public market or their organisation's own buyer
 * specification; anything else is a 400 on `field`.
 */
export async function checkedMarkets(
  executor: Executor,
  organisationId: number,
  codes: readonly string[],
  field: string,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const allowed = new Set((await choosableMarkets(executor, organisationId)).map((market) => market.code));
  for (const code of codes) {
    if (!allowed.has(code)) throw invalidField("marketUnknown", field);
  }
  return [...codes];
}
