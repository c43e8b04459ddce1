// The parameters staff measure. Reads are for any staff member; the routes let only admins write.
import { type parameterInputSchema, message } from "@lab/contracts";
import { parameters, type ParameterRow } from "@lab/db";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";

import { conflict, invalidField, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { DomainContext } from "../context";

type ParameterValues = z.output<typeof parameterInputSchema>;

export const listParameters = (ctx: DomainContext): Promise<ParameterRow[]> =>
  ctx.db.select().from(parameters).orderBy(asc(parameters.code));

async function findParameter(ctx: DomainContext, code: string): Promise<ParameterRow | undefined> {
  const [row] = await ctx.db.select().from(parameters).where(eq(parameters.code, code));
  return row;
}

/**
 * What the verdict engine relies on: a screening method names its confirmatory parameter (which
 * exists and is itself confirmatory); grades belong to graded parameters, "per 25 g" to qualitative
 * ones; the LOD does not exceed the LOQ; a prohibited substance cites the rule that bans it.
 */
async function checkParameter(ctx: DomainContext, input: ParameterValues): Promise<void> {
  if (input.methodRole === "screening") {
    if (input.confirmWith === null) throw invalidField("confirmWithRequired", "confirmWith");
    if (input.confirmWith === input.code) throw invalidField("confirmWithSelf", "confirmWith");
    const target = await findParameter(ctx, input.confirmWith);
    if (!target)
      throw invalidField(message("parameterCodeUnknown", { code: input.confirmWith }), "confirmWith");
    if (target.methodRole !== "confirmatory") throw invalidField("confirmWithNotConfirmatory", "confirmWith");
  } else if (input.confirmWith !== null || input.cutoff !== null) {
    throw invalidField("cutoffOnlyScreening", "methodRole");
  }
  if (input.grades !== null && input.kind !== "graded") throw invalidField("gradesOnlyGraded", "grades");
  if (input.grades !== null && new Set(input.grades.map((g) => g.toLowerCase())).size !== input.grades.length)
    throw invalidField("gradesDuplicate", "grades");
  if (input.per25g && input.kind !== "qualitative") throw invalidField("per25gOnlyQualitative", "per25g");
  if (input.lod !== null && input.loq !== null && input.lod > input.loq)
    throw invalidField("lodAboveLoq", "lod");
  if (input.prohibited === true && !input.prohibitedReference)
    throw invalidField("prohibitedReferenceRequired", "prohibitedReference");
}

/**
 * The prohibited flag and its reference as given; nothing when the input leaves the flag out (the
 * stored ones stay). A parameter that is not prohibited keeps no reference.
 */
const prohibitedColumns = (input: ParameterValues) =>
  input.prohibited === undefined
    ? {}
    : {
        prohibited: input.prohibited,
        prohibitedReference: input.prohibited ? (input.prohibitedReference ?? null) : null,
      };

const parameterColumns = (input: ParameterValues) => ({
  name: input.name,
  kind: input.kind,
  unit: input.unit,
  method: input.method,
  methodRole: input.methodRole,
  lod: input.lod,
  loq: input.loq,
  grades: input.grades,
  per25g: input.per25g,
  cutoff: input.cutoff,
  confirmWith: input.confirmWith,
  ...prohibitedColumns(input),
});

/** POST /lab/parameters: a code already used is 409. */
export async function createParameter(ctx: DomainContext, input: ParameterValues): Promise<ParameterRow> {
  if (await findParameter(ctx, input.code))
    throw conflict(message("parameterExists", { code: input.code }), { field: "code" });
  await checkParameter(ctx, input);
  try {
    const [row] = await ctx.db
      .insert(parameters)
      .values({ code: input.code, ...parameterColumns(input) })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    // Two admins adding the same code at once: the slower one meets the other's row.
    if (isUniqueViolation(error))
      throw conflict(message("parameterExists", { code: input.code }), { field: "code" });
    throw error;
  }
}

/**
 * PUT /lab/parameters/{code}: the code stays (issued reports name it). Issued reports keep their own
 * copy of the parameter, so an edit reaches only results judged from now on.
 */
export async function updateParameter(
  ctx: DomainContext,
  code: string,
  input: ParameterValues,
): Promise<ParameterRow> {
  if (!(await findParameter(ctx, code))) throw notFound("parameterNotFound");
  if (input.code !== code) throw invalidField("parameterCodeFixed", "code");
  await checkParameter(ctx, input);
  if (input.methodRole === "screening") {
    // A parameter that confirms screenings must stay confirmatory.
    const [screening] = await ctx.db
      .select({ code: parameters.code })
      .from(parameters)
      .where(eq(parameters.confirmWith, code))
      .limit(1);
    if (screening)
      throw invalidField(
        message("confirmerStaysConfirmatory", { code, screening: screening.code }),
        "methodRole",
      );
  }
  const [row] = await ctx.db
    .update(parameters)
    .set({ ...parameterColumns(input), updatedAt: ctx.now() })
    .where(eq(parameters.code, code))
    .returning();
  if (!row) throw notFound("parameterNotFound");
  return row;
}
