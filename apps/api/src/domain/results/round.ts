import {
  effectivePanel,
  judge,
  judgedMarkets,
  type Judgement,
  type Parameter,
  type ResultValue,
} from "@lab/contracts";
import {
  reports,
  sampleAnalyses,
  sampleResults,
  staff,
  type Executor,
  type ReportRow,
  type SampleAnalysisRow,
  type SampleResultRow,
  type SampleRow,
} from "@lab/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";

import { currentSpecs, parameterCatalogue, samplePanel } from "./catalogue";

/** The round of results a sample is on, with everything needed to judge it. */
export interface RoundData {
  catalogue: Map<string, Parameter>;
  panel: Parameter[];
  results: SampleResultRow[];
  values: Map<string, ResultValue>;
}

export const valuesOf = (rows: readonly SampleResultRow[]): Map<string, ResultValue> =>
  new Map(rows.map((row) => [row.parameterCode, { value: row.value, qualifier: row.qualifier }]));

export async function roundResults(
  executor: Executor,
  sampleId: number,
  round: number,
): Promise<SampleResultRow[]> {
  return executor
    .select()
    .from(sampleResults)
    .where(and(eq(sampleResults.sampleId, sampleId), eq(sampleResults.round, round)))
    .orderBy(asc(sampleResults.enteredAt), asc(sampleResults.id));
}

export async function loadRound(executor: Executor, sample: SampleRow, round: number): Promise<RoundData> {
  const catalogue = await parameterCatalogue(executor);
  const [panel, results] = await Promise.all([
    samplePanel(executor, sample.testTypes, catalogue),
    roundResults(executor, sample.id, round),
  ]);
  return { catalogue, panel, results, values: valuesOf(results) };
}

/**
 * Every result of the round against each judged market's specification in force at `at`. `lock`
 * (release) holds the versions read so an edit of one cannot slip between the reading and the record.
 */
export async function judgeRound(
  executor: Executor,
  sample: SampleRow,
  data: RoundData,
  at: Date,
  lock = false,
): Promise<Judgement> {
  const specs = await currentSpecs(executor, judgedMarkets(sample.markets), at, lock);
  return judge({ panel: data.panel, catalogue: data.catalogue, results: data.values, markets: specs });
}

/** The sample's newest report: the one standing, or a revoked one not yet replaced. */
export async function currentReport(executor: Executor, sampleId: number): Promise<ReportRow | null> {
  const [row] = await executor
    .select()
    .from(reports)
    .where(eq(reports.sampleId, sampleId))
    .orderBy(desc(reports.round), desc(reports.id))
    .limit(1);
  return row ?? null;
}

export async function analysisRow(
  executor: Executor,
  sampleId: number,
  round: number,
): Promise<SampleAnalysisRow | null> {
  const [row] = await executor
    .select()
    .from(sampleAnalyses)
    .where(and(eq(sampleAnalyses.sampleId, sampleId), eq(sampleAnalyses.round, round)));
  return row ?? null;
}

/** Where a round stands, as the console and POST …/results show it (presenters/analysis.ts). */
export interface AnalysisView {
  round: number;
  state: SampleAnalysisRow["state"];
  judgement: Judgement;
  enteredBy: { id: number; name: string }[];
  returnedNote: string | null;
  results: {
    code: string;
    value: number | null;
    qualifier: string | null;
    enteredBy: string;
    enteredAt: Date;
  }[];
}

export async function buildAnalysisView(
  executor: Executor,
  analysis: SampleAnalysisRow,
  judgement: Judgement,
  results: readonly SampleResultRow[],
): Promise<AnalysisView> {
  const ids = [...new Set(results.map((row) => row.enteredBy))];
  const people =
    ids.length === 0
      ? []
      : await executor.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
  const names = new Map(people.map((person) => [person.id, person.name]));
  return {
    round: analysis.round,
    state: analysis.state,
    judgement,
    enteredBy: ids.map((id) => ({ id, name: names.get(id) ?? "Staff member" })),
    returnedNote: analysis.returnedNote,
    results: results.map((row) => ({
      code: row.parameterCode,
      value: row.value,
      qualifier: row.qualifier,
      enteredBy: names.get(row.enteredBy) ?? "Staff member",
      enteredAt: row.enteredAt,
    })),
  };
}

/** The analysis of a sample's current round for the detail view; null before any result. */
export async function sampleAnalysis(
  executor: Executor,
  sample: SampleRow,
  at: Date,
): Promise<{ analysis: AnalysisView | null; panel: Parameter[] }> {
  const data = await loadRound(executor, sample, sample.resultRound);
  const row = await analysisRow(executor, sample.id, sample.resultRound);
  // A released round shows what its report states, not a judgement against today's specifications.
  const [released] =
    row?.state === "released"
      ? await executor
          .select()
          .from(reports)
          .where(and(eq(reports.sampleId, sample.id), eq(reports.round, row.round)))
      : [];
  const judgement: Judgement = released
    ? {
        markets: released.markets,
        parameters: released.parameters,
        complete: true,
        missing: [],
        confirmationsRequired: [],
        result: released.result,
      }
    : await judgeRound(executor, sample, data, at);
  // The panel with the confirmatory parameters the results so far call for.
  const panel = effectivePanel(data.panel, data.catalogue, data.values);
  if (!row) return { analysis: null, panel };
  return { analysis: await buildAnalysisView(executor, row, judgement, data.results), panel };
}
