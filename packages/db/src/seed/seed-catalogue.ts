import { count } from "drizzle-orm";

import type { Db } from "../client";
import { marketLimits, markets, panelParameters, parameters, specVersions } from "../schema";
import {
  CATALOGUE_MARKETS,
  CATALOGUE_PANELS,
  CATALOGUE_PARAMETERS,
  catalogueParameter,
} from "./catalogue-data";

/**
 * Seeds the catalogue into an empty database, once: staff edits are never overwritten, so a later
 * change of the data file reaches only new databases.
 */
export async function seedCatalogue(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(parameters);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(parameters).values(CATALOGUE_PARAMETERS.map(catalogueParameter));
    const panelRows = Object.entries(CATALOGUE_PANELS).flatMap(([testType, codes]) =>
      codes.map((parameterCode, position) => ({ testType, parameterCode, position })),
    );
    if (panelRows.length > 0) await tx.insert(panelParameters).values(panelRows);
    for (const market of CATALOGUE_MARKETS) {
      await tx.insert(markets).values({ code: market.code, name: market.name });
      const [version] = await tx
        .insert(specVersions)
        .values({
          marketCode: market.code,
          version: 1,
          effectiveFrom: market.effectiveFrom,
          reference: market.reference,
          note: market.note,
        })
        .returning({ id: specVersions.id });
      if (!version) throw new Error("insert returned no row");
      if (market.limits.length === 0) continue;
      await tx.insert(marketLimits).values(
        market.limits.map((limit) => ({
          specVersionId: version.id,
          parameterCode: limit.parameter,
          kind: limit.kind,
          min: limit.min ?? null,
          max: limit.max ?? null,
          strict: limit.strict ?? false,
          grade: limit.grade ?? null,
          reference: limit.reference,
          effectiveFrom: limit.effectiveFrom,
        })),
      );
    }
  });
  return true;
}
