// Each test type's panel: the parameters it measures, in order. Reads are for any staff member; the
// routes let only admins write.
import { SHRIMP_CATEGORIES, message } from "@lab/contracts";
import { panelParameters, parameters, type ParameterRow } from "@lab/db";
import { asc, eq, inArray } from "drizzle-orm";

import { invalidField, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";

export interface PanelView {
  testType: string;
  parameters: ParameterRow[];
}

/** The 36 test types of the spec's six categories, each once, in the spec's order. */
export const TEST_TYPES: readonly string[] = [...new Set(Object.values(SHRIMP_CATEGORIES).flat())];

/** GET /lab/panels: every test type with its parameters in order ([] when it has no panel yet). */
export async function listPanels(ctx: DomainContext): Promise<PanelView[]> {
  const rows = await ctx.db
    .select({ testType: panelParameters.testType, parameter: parameters })
    .from(panelParameters)
    .innerJoin(parameters, eq(parameters.code, panelParameters.parameterCode))
    .orderBy(asc(panelParameters.testType), asc(panelParameters.position));
  return TEST_TYPES.map((testType) => ({
    testType,
    parameters: rows.filter((row) => row.testType === testType).map((row) => row.parameter),
  }));
}

/** PUT /lab/panels/{testType}: replaces the panel's parameters, in the order given. */
export async function setPanel(ctx: DomainContext, testType: string, codes: string[]): Promise<PanelView> {
  if (!TEST_TYPES.includes(testType)) throw notFound("testTypeUnknown");
  if (new Set(codes).size !== codes.length) throw invalidField("resultDuplicate", "parameters");
  const known = await ctx.db.select().from(parameters).where(inArray(parameters.code, codes));
  const unknown = codes.find((code) => !known.some((row) => row.code === code));
  if (unknown !== undefined) {
    throw invalidField(
      message("parameterCodeUnknown", { code: unknown }),
      `parameters.${codes.indexOf(unknown)}`,
    );
  }
  await ctx.unitOfWork(async (tx) => {
    await tx.delete(panelParameters).where(eq(panelParameters.testType, testType));
    await tx
      .insert(panelParameters)
      .values(codes.map((parameterCode, position) => ({ testType, parameterCode, position })));
  });
  const byCode = new Map(known.map((row) => [row.code, row]));
  return {
    testType,
    parameters: codes.flatMap((code) => {
      const row = byCode.get(code);
      return row ? [row] : [];
    }),
  };
}
