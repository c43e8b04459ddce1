import type { Market, Panel, SpecVersion } from "@lab/contracts";

import type { MarketView, SpecVersionView } from "../domain/catalogue/markets";
import type { PanelView } from "../domain/catalogue/panels";
import { toLimit, toParameter } from "../domain/results/catalogue";

/** The catalogue's rows read as the verdict engine reads them: one mapping for both. */
export const presentParameter = toParameter;

export const presentPanel = (view: PanelView): Panel => ({
  testType: view.testType,
  parameters: view.parameters.map(presentParameter),
});

export function presentSpecVersion(view: SpecVersionView): SpecVersion {
  return {
    id: view.row.id,
    market: view.row.marketCode,
    version: view.row.version,
    effectiveFrom: view.row.effectiveFrom,
    reference: view.row.reference,
    note: view.row.note,
    used: view.used,
    limits: Object.fromEntries(view.limits.map((limit) => [limit.parameterCode, toLimit(limit)])),
  };
}

export const presentMarket = (view: MarketView): Market => ({
  code: view.row.code,
  name: view.row.name,
  customerId: view.row.customerId,
  current: view.current ? presentSpecVersion(view.current) : null,
});
