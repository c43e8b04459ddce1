import type { Limit, Market, Panel, Parameter, SpecVersion } from "@lab/contracts";
import type { MarketLimitRow, ParameterRow } from "@lab/db";

import type { MarketView, PanelView, SpecVersionView } from "../domain/catalogue-admin";

export function presentParameter(row: ParameterRow): Parameter {
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
  };
}

export const presentPanel = (view: PanelView): Panel => ({
  testType: view.testType,
  parameters: view.parameters.map(presentParameter),
});

export function presentLimit(row: MarketLimitRow): Limit {
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

export function presentSpecVersion(view: SpecVersionView): SpecVersion {
  return {
    id: view.row.id,
    market: view.row.marketCode,
    version: view.row.version,
    effectiveFrom: view.row.effectiveFrom,
    reference: view.row.reference,
    note: view.row.note,
    used: view.used,
    limits: Object.fromEntries(view.limits.map((limit) => [limit.parameterCode, presentLimit(limit)])),
  };
}

export const presentMarket = (view: MarketView): Market => ({
  code: view.row.code,
  name: view.row.name,
  customerId: view.row.customerId,
  current: view.current ? presentSpecVersion(view.current) : null,
});
