import { LOT_CODE_PATTERN, normaliseLotCode, type LotCheck, type LotState } from "@lab/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";

import type { DomainContext } from "../context";
import { addDays, caaStatusOf, indiaDay } from "./calendar";
import { sampledAtSql } from "./sampling";

/** When lab_settings has no row yet: the column's default. */
const DEFAULT_SCREENING_VALID_DAYS = 10;

const judgedSchema = z.array(
  z.looseObject({ code: z.string(), verdict: z.enum(["pass", "fail", "pending"]) }),
);

const rowSchema = z.object({
  code: z.string(),
  expected_on: z.string(),
  quantity_kg: z.coerce.number().nullable(),
  markets: z.array(z.string()),
  mpeda_enrolment: z.string().nullable(),
  caa_registration: z.string().nullable(),
  caa_expires_on: z.string().nullable(),
  pond_code: z.string(),
  species: z.string(),
  sample_id: z.coerce.number().nullable(),
  sampled_at_ms: z.coerce.number().nullable(),
  report_status: z.string().nullable(),
  report_result: z.string().nullable(),
  report_markets: judgedSchema.nullable(),
  certification: z.string().nullable(),
  valid_days: z.coerce.number(),
});
type Row = z.infer<typeof rowSchema>;

const unknownLot = (code: string): LotCheck => ({
  code,
  state: "unknown",
  mpedaEnrolment: null,
  caaRegistration: null,
  caaStatus: null,
  pondCode: null,
  species: null,
  expectedOn: null,
  quantityKg: null,
  markets: [],
  certificateNumber: null,
  verdicts: [],
  sampledOn: null,
  validUntil: null,
});

/**
 * The state of a lot from its latest pre-harvest sample and that sample's latest report: a revoked
 * report is `revoked` until a replacement is released; a report that failed any of the lot's markets
 * (all its judged markets when the lot names none) is `failed`; a passed one clears the harvest
 * through validUntil, India's calendar.
 */
function checkOf(row: Row, today: string): LotCheck {
  const base: LotCheck = {
    ...unknownLot(row.code),
    state: "not_tested",
    mpedaEnrolment: row.mpeda_enrolment,
    caaRegistration: row.caa_registration,
    caaStatus: caaStatusOf(row.caa_expires_on, today),
    pondCode: row.pond_code,
    species: row.species,
    expectedOn: row.expected_on,
    quantityKg: row.quantity_kg,
    markets: row.markets,
  };
  if (row.sample_id === null || row.sampled_at_ms === null) return base;
  const sampledOn = indiaDay(new Date(row.sampled_at_ms));
  const validUntil = addDays(sampledOn, row.valid_days);
  const sampled = { ...base, sampledOn, validUntil };
  if (row.report_status === null) return { ...sampled, state: "pending" };
  const judged = row.report_markets ?? [];
  const relevant = row.markets.length === 0 ? judged : judged.filter((m) => row.markets.includes(m.code));
  const verdicts = relevant.map((m) => ({ market: m.code, verdict: m.verdict }));
  const answered = { ...sampled, certificateNumber: row.certification, verdicts };
  if (row.report_status === "revoked") return { ...answered, state: "revoked" };
  // A lot's market the report did not judge is not cleared for it.
  const unjudged = row.markets.some((code) => !judged.some((m) => m.code === code));
  let state: LotState;
  if (
    relevant.some((m) => m.verdict === "fail") ||
    (relevant.length === 0 && row.report_result === "failure")
  )
    state = "failed";
  else if (unjudged || relevant.some((m) => m.verdict === "pending")) state = "pending";
  else state = today > validUntil ? "expired" : "cleared";
  return { ...answered, state };
}

/**
 * The gate's answer for each distinct code, in the order asked; malformed and unknown codes are
 * `unknown`. One statement for every code: the lots by their unique code, each with its latest
 * pre-harvest sample (samples_lot_idx), when it was sampled and its latest report.
 */
export async function checkLots(ctx: DomainContext, asked: readonly string[]): Promise<LotCheck[]> {
  const codes = [...new Set(asked.map(normaliseLotCode))];
  const wellFormed = codes.filter((code) => LOT_CODE_PATTERN.test(code));
  const found = new Map<string, Row>();
  if (wellFormed.length > 0) {
    const result = (await ctx.db.execute(sql`
      select l.code, l.expected_on::text as expected_on, l.quantity_kg::float8 as quantity_kg,
        to_jsonb(l.markets) as markets, f.mpeda_enrolment, f.caa_registration,
        f.caa_expires_on::text as caa_expires_on, p.code as pond_code, c.species,
        s.id as sample_id,
        (extract(epoch from ${sampledAtSql(sql`s.id`, sql`s.created_at`)}) * 1000)::float8 as sampled_at_ms,
        r.status as report_status, r.result as report_result, r.markets as report_markets,
        r.certification,
        coalesce((select screening_valid_days from lab_settings where id = 1), ${DEFAULT_SCREENING_VALID_DAYS})
          as valid_days
      from harvest_lots l
      join crops c on c.id = l.crop_id
      join ponds p on p.id = c.pond_id
      join farms f on f.id = p.farm_id
      left join lateral (
        select s.id, s.created_at from samples s
        -- A screening refused at reception never gets a result: the gate reads the one before it.
        where s.lot_id = l.id and s.purpose = 'pre_harvest' and s.status <> 'REJECTED'
        order by s.created_at desc, s.id desc
        limit 1
      ) s on true
      left join lateral (
        select r.status, r.result, r.markets, r.certification from reports r
        where r.sample_id = s.id
        order by r.round desc
        limit 1
      ) r on true
      where l.code in (${sql.join(
        wellFormed.map((code) => sql`${code}`),
        sql`, `,
      )})
    `)) as { rows: Record<string, unknown>[] };
    for (const raw of result.rows) {
      const row = rowSchema.parse(raw);
      found.set(row.code, row);
    }
  }
  const today = indiaDay(ctx.now());
  return codes.map((code) => {
    const row = found.get(code);
    return row ? checkOf(row, today) : unknownLot(code);
  });
}
