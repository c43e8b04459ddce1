// The processor's gate and the lot card at scale, through the HTTP API on real Postgres.
// Seeds L harvest lots (default 200,000) of F farms (default L/10) with 3 ponds a farm and 2 crops a
// pond (one harvested, one open), over 1,000 organisations; a third of the lots has a pre-harvest
// sample, most with a released report, in every state the gate tells (cleared, expired, failed,
// revoked, revoked and replaced, pending, a failed sample and its retest); the rest of T samples
// (default 5L: 1,000,000) are other samples of the same organisations; every sample has its status moves.
// Then times, p50/p95/p99: the public single check of a random lot, of a tested lot and of an unknown
// code; a 200-code batch (mixed, and every lot tested); the lot card PDF for an English and a Telugu
// member.
// Run: pnpm --filter @lab/bench lots-check [L] [--total T] [--farms F] [postgres-url] [--keep]
//        [--seed-only] [--reuse DB] [--times K] [--explain]
//   (--keep leaves the database, --seed-only stops after seeding it, --reuse times an earlier --keep
//   database again, migrating it first; --explain also prints the plans (ANALYZE, BUFFERS) of the
//   check's statement for one tested code and for a mixed batch of 200, as the API sends it)
import { randomBytes, randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";

import { createDatabase, type Db } from "@lab/db";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";

import { checkLots } from "../apps/api/src/domain/farms/lot-check";
import { startInProcessApp } from "./support/in-process-app";
import {
  bulkLoadSamples,
  firstMemberOf,
  insertSamples,
  ORGANISATIONS,
  seedOrganisations,
} from "./support/seed-samples";

const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const positional = process.argv[2];
const lots = Number(positional !== undefined && /^\d+$/.test(positional) ? positional : 200_000);
const total = Number(option("total") ?? 5 * lots);
const farms = Math.max(1, Number(option("farms") ?? Math.floor(lots / 10)));
// --times K: timed requests per case, after WARM_UP untimed of every case (default 200, so p99 is
// the second-worst).
const timed = Number(option("times") ?? 200);
const seedOnly = process.argv.includes("--seed-only");
const explain = process.argv.includes("--explain");
const reuse = option("reuse");
const keep = process.argv.includes("--keep") || reuse !== undefined;
const dbName = reuse ?? `bench_${randomBytes(3).toString("hex")}`;
// Organisation 1's members, as the samples-list bench has them; the lots' organisations use their first member.
const MEMBERS = 5;
const BATCH = 200;
// Requests of each case sent before any is timed.
const WARM_UP = 20;
// Of a mixed batch, this many codes belong to no lot (a typo, another lab's card).
const BATCH_UNKNOWN = 10;
const LOT_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`create database ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await createDatabase({ url: url.toString(), poolSize: 20 });

const judged = (verdict: (market: string) => string) =>
  sql.raw(
    `jsonb_build_array(${["EU", "US", "JP"]
      .map(
        (code) =>
          `jsonb_build_object('code', '${code}', 'name', '${code}', 'specVersionId', null, 'version', null, 'verdict', ${verdict(code)})`,
      )
      .join(", ")})`,
  );
// About what a released report's parameter table weighs: 20 lines, three markets each.
const PARAMETERS = sql.raw(`(select jsonb_agg(jsonb_build_object('code', 'P' || i, 'name', 'Parameter ' || i,
  'unit', 'µg/kg', 'result', jsonb_build_object('value', 0.1 * i, 'text', 'Not detected'), 'confirmedBy', null,
  'markets', jsonb_build_array(jsonb_build_object('code', 'EU', 'limit', null, 'limitText', 'Not detected', 'verdict', 'pass'),
    jsonb_build_object('code', 'US', 'limit', null, 'limitText', '≤ 1', 'verdict', 'pass'),
    jsonb_build_object('code', 'JP', 'limit', null, 'limitText', '≤ 1', 'verdict', 'pass')))) from generate_series(1, 20) i)`);

async function seed() {
  const t0 = performance.now();
  const step = (what: string) =>
    console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  ${what}`);
  await seedOrganisations(database, MEMBERS);
  // Every other organisation reads in Telugu: the lot card prints its labels in both languages then.
  await database.db.execute(sql`update customers set language = 'te' where organisation_id % 2 = 0`);
  const ponds = 3 * farms;
  const crops = 2 * ponds;
  // Ids given, so that farm f, its ponds 3f-2..3f, their crops and the crops' lots follow by arithmetic.
  await database.db.execute(sql`
    insert into farms (id, organisation_id, name, mpeda_enrolment, caa_registration, caa_expires_on,
      state_licence, survey_numbers, area_ha, village, mandal, district, state, lat, lng, created_by)
    overriding system value
    select f, o, 'Farm ' || f, 'MPEDA/AP/' || lpad(f::text, 6, '0'), 'CAA-AP-' || lpad(f::text, 6, '0'),
      current_date + ((f % 1500) - 200), 'APSADA/' || f, (f % 400) || '/' || (f % 7), 2 + (f % 30) / 4.0,
      'Village ' || (f % 977), 'Mandal ' || (f % 50), 'District ' || (f % 13), 'Andhra Pradesh',
      16 + (f % 100) / 100.0, 81 + (f % 100) / 100.0, ${firstMemberOf(sql`o`, MEMBERS)}
    from generate_series(1, ${farms}) f, lateral (select 1 + (f - 1) % ${ORGANISATIONS} as o) org`);
  await database.db.execute(sql`
    insert into ponds (id, farm_id, organisation_id, code, area_ha, lat, lng)
    overriding system value
    select p, f.id, f.organisation_id, 'P' || (1 + (p - 1) % 3), 0.5 + (p % 4) / 4.0, f.lat, f.lng
    from generate_series(1, ${ponds}) p join farms f on f.id = 1 + (p - 1) / 3`);
  const species = sql.raw(
    `(array['Pacific White Shrimp','Tiger Shrimp','Black Tiger Shrimp','Banana Shrimp'])[1 + c % 4]`,
  );
  await database.db.execute(sql`
    insert into crops (id, pond_id, organisation_id, species, stocked_on, density, hatchery_name,
      hatchery_registration, feed_brand, feed_lot, harvested_on)
    overriding system value
    select c, p.id, p.organisation_id, ${species},
      current_date - 90 - (c % 2) * 150 - (c % 30), 40 + c % 60, 'Hatchery ' || (c % 200),
      'CAA-H-' || (c % 200), 'Feed ' || (c % 12), 'FL' || c,
      case when c % 2 = 1 then current_date - 150 - (c % 30) end
    from generate_series(1, ${crops}) c join ponds p on p.id = 1 + (c - 1) / 2`);
  // Codes: the lot's number times an odd constant modulo 2^50 (a bijection: no two lots share one),
  // in Crockford's base32, as newLotCode's alphabet.
  await database.db.execute(sql`
    insert into harvest_lots (id, crop_id, organisation_id, code, expected_on, quantity_kg, count_per_kg,
      buyer_name, buyer_eic, markets, created_by)
    overriding system value
    select l, c.id, c.organisation_id,
      (select string_agg(substr(${LOT_CODE_ALPHABET}, (((l::bigint * 190551817491) >> (5 * i)) & 31)::int + 1, 1), ''
         order by i) from generate_series(0, 9) i),
      current_date + (l % 60) - 30, 500 + (l % 50) * 100, 30 + l % 40, 'Processor ' || (l % 300),
      'EIC/VZG/' || (l % 300), (array['{}', '{EU}', '{EU,US}', '{US,JP}'])[1 + l % 4]::text[],
      ${firstMemberOf(sql`c.organisation_id`, MEMBERS)}
    from generate_series(1, ${lots}) l join crops c on c.id = 1 + (l - 1) % ${crops}`);
  for (const table of ["farms", "ponds", "crops", "harvest_lots"])
    await database.db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
    );
  step(`${farms} farms, ${ponds} ponds, ${crops} crops, ${lots} lots`);

  // Every third lot is tested; its bucket (a twentieth of the tested lots each) says what its
  // pre-harvest samples and reports are. Its latest sample was taken days ago as its state needs (a
  // report stays valid 10 days from the sampling); in buckets 0-1 it has no report yet.
  const lotSource = (where: string) =>
    sql.raw(`(select l.id as g, l.organisation_id as o, l.crop_id as crop,
      c.pond_id as pond, l.id / 3 % 20 as b
    from harvest_lots l join crops c on c.id = l.crop_id where ${where}) as src`);
  const lotColumns = {
    pond_id: sql`pond`,
    crop_id: sql`crop`,
    lot_id: sql`g`,
    purpose: sql`'pre_harvest'`,
  };
  const daysAgo = sql.raw(`case
      when b < 2 then g % 3
      when b between 9 and 12 then 15 + g % 45
      when b between 13 and 17 then g % 20
      else g % 8 end`);
  const lotSamples = insertSamples({
    organisation: sql`o`,
    customer: firstMemberOf(sql`o`, MEMBERS),
    from: lotSource("l.id % 3 = 0"),
    count: lots,
    status: sql`case when b < 2 then 'TESTING' else 'COMPLETED' end`,
    createdAt: sql`now() - interval '14 hours' - (${daysAgo} || ' days')::interval`,
    updatedAt: sql`now() - interval '1 hour' - (${daysAgo} || ' days')::interval`,
    extra: lotColumns,
  });
  // Bucket 19: a first sample that failed three weeks ago, before the retest above.
  const retests = insertSamples({
    organisation: sql`o`,
    customer: firstMemberOf(sql`o`, MEMBERS),
    from: lotSource(`l.id % 3 = 0 and l.id / 3 % 20 = 19`),
    count: lots,
    status: sql`'COMPLETED'`,
    createdAt: sql`now() - interval '21 days'`,
    updatedAt: sql`now() - interval '19 days'`,
    extra: lotColumns,
  });
  // The rest of the table: other samples of the same organisations (no lot), statuses in turn.
  const others = insertSamples({
    organisation: sql`1 + g % ${sql.raw(String(ORGANISATIONS))}`,
    customer: firstMemberOf(sql`(1 + g % ${sql.raw(String(ORGANISATIONS))})`, MEMBERS),
    from: sql`generate_series(1, ${total} - (select count(*)::int from samples)) as src(g)`,
    count: total,
  });
  const rebuilt = await bulkLoadSamples(database, url.toString(), [lotSamples, retests, others]);
  step(`${total} samples, ${rebuilt} indexes rebuilt`);

  // Every sample's moves up to its status, three hours apart (COLLECTED is the sampling time the
  // gate reads). Loaded as a dump is: the index rebuilt afterwards, the foreign key not checked row by row.
  const { rows: eventIndexes } = (await database.db.execute(
    sql`select indexdef from pg_indexes where indexname = 'sample_events_sample_idx'`,
  )) as { rows: { indexdef: string }[] };
  const definition = eventIndexes[0]?.indexdef;
  if (definition === undefined) throw new Error("sample_events_sample_idx is not there");
  await database.db.execute(sql`drop index sample_events_sample_idx`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into sample_events (sample_id, from_status, to_status, actor, kind, at)
      select s.id, statuses[k], statuses[k + 1], 'system', 'move', s.created_at + (k || ' hours')::interval * 3
      from samples s,
        lateral (select array['PENDING','COLLECTING','COLLECTED','TESTING','COMPLETED'] as statuses) a,
        lateral generate_series(0, array_position(a.statuses, s.status) - 1) k`);
  });
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    await tx.execute(sql.raw(definition));
  });
  step("sample events");

  // Reports of the completed pre-harvest samples: passed in every market, failed (buckets 13-15 and
  // the retests' first samples: EU and US failed, JP passed on every other one), revoked (16-17),
  // revoked and replaced by a second round that passed (18).
  const failing = sql.raw(
    `(l.b between 13 and 15 or (l.b = 19 and s.created_at < now() - interval '20 days'))`,
  );
  const reportColumns = sql`sample_id, customer_id, organisation_id, result, details, tests, certification,
    status, revoked_reason, revoked_reason_code, revoked_at, round, markets, parameters, completed_at`;
  const details = sql.raw(`jsonb_build_object('initialInspection', 'Live, active, no visible lesions',
    'labResults', jsonb_build_object('viralScreening', 'WSSV, IHHNV, EHP: not detected',
      'bacterialAnalysis', 'Vibrio: within limits', 'parasiteCheck', 'None seen',
      'geneticMarkers', 'Not tested', 'waterQuality', 'Within range'),
    'finalReview', 'Reviewed')`);
  const fromCompleted = sql`from samples s
    join lateral (select s.lot_id / 3 % 20 as b) l on true
    where s.lot_id is not null and s.status = 'COMPLETED'`;
  await database.db.execute(sql`
    insert into reports (${reportColumns})
    select s.id, s.customer_id, s.organisation_id,
      case when ${failing} then 'failure' else 'success' end,
      ${details}, '[]'::jsonb,
      case when not ${failing} or s.id % 2 = 0 then 'NSP-CERT-2026-' || s.id end,
      case when l.b between 16 and 18 and not ${failing} then 'revoked' else 'valid' end,
      case when l.b between 16 and 18 and not ${failing} then 'Wrong sample label' end,
      case when l.b between 16 and 18 and not ${failing} then 'other' end,
      case when l.b between 16 and 18 and not ${failing} then s.updated_at end,
      1,
      case when ${failing}
        then ${judged((code) => (code === "JP" ? `case when s.id % 2 = 0 then 'pass' else 'fail' end` : "'fail'"))}
        else ${judged(() => "'pass'")} end,
      ${PARAMETERS}, s.updated_at - interval '2 hours'
    ${fromCompleted}`);
  await database.db.execute(sql`
    insert into reports (${reportColumns})
    select s.id, s.customer_id, s.organisation_id, 'success', ${details}, '[]'::jsonb,
      'NSP-CERT-2026-R' || s.id, 'valid', null, null, null, 2, ${judged(() => "'pass'")}, ${PARAMETERS},
      s.updated_at
    ${fromCompleted} and l.b = 18`);
  step("reports");
  // What autovacuum does on a live server: statistics and the visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  step("vacuum analyze");
}

interface Lot {
  code: string;
  organisationId: number;
  tested: boolean;
}
type Answer = { state: string };
const pick = <T>(items: readonly T[]): T => {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error("nothing to pick from");
  return item;
};
const picks = <T>(items: readonly T[], count: number): T[] => {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(pick(items));
  return [...chosen];
};

async function measure(base: string, customerToken: (customerId: number) => Promise<string>) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const all = await client
    .query<{ code: string; organisation_id: number; tested: boolean }>(
      `select l.code, l.organisation_id,
         exists (select 1 from samples s where s.lot_id = l.id and s.purpose = 'pre_harvest') as tested
       from harvest_lots l`,
    )
    .then(({ rows }) =>
      rows.map((row): Lot => ({ code: row.code, organisationId: row.organisation_id, tested: row.tested })),
    );
  const members = await client
    .query<{ organisation_id: number; id: number; language: string }>(
      `select distinct on (organisation_id) organisation_id, id, language from customers
       order by organisation_id, id`,
    )
    .then(({ rows }) => new Map(rows.map((row) => [row.organisation_id, row])));
  await client.end();
  const testedLots = all.filter((lot) => lot.tested);
  const known = new Set(all.map((lot) => lot.code));
  const unknownCode = () => {
    for (;;) {
      let code = "";
      for (let i = 0; i < 10; i += 1) code += LOT_CODE_ALPHABET.charAt(randomInt(32));
      if (!known.has(code)) return code;
    }
  };
  const languageOf = (lot: Lot) => members.get(lot.organisationId)?.language ?? "en";
  const cardLots = (language: string) => all.filter((lot) => languageOf(lot) === language);
  const tokens = new Map<number, string>();
  const tokenOf = async (lot: Lot) => {
    const member = members.get(lot.organisationId);
    if (!member) throw new Error(`organisation ${lot.organisationId} has no member`);
    const known = tokens.get(member.id);
    if (known !== undefined) return known;
    const token = await customerToken(member.id);
    tokens.set(member.id, token);
    return token;
  };
  console.log(
    `\n${all.length} lots (${testedLots.length} tested), ${timed} timed requests a case after ${WARM_UP} untimed of each\n`,
  );

  const states = new Map<string, number>();
  const count = (answers: Answer[]) => {
    for (const { state } of answers) states.set(state, (states.get(state) ?? 0) + 1);
  };
  type Timed = { path: string; init?: RequestInit; check: (res: Response) => Promise<void> };
  const json = (expected: number) => async (res: Response) => {
    const body = (await res.json()) as Answer | { items: Answer[] };
    if ("items" in body) {
      if (body.items.length !== expected) throw new Error(`${body.items.length} answers, not ${expected}`);
      count(body.items);
    } else count([body]);
  };
  const single = (code: string): Timed => ({ path: `/lots/${code}/check`, check: json(1) });
  const batch = (codes: string[]): Timed => ({
    path: "/lots/check",
    init: {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ codes }),
    },
    check: json(codes.length),
  });
  const card = async (lot: Lot): Promise<Timed> => ({
    path: `/lots/${lot.code}/card.pdf`,
    init: { headers: { authorization: `Bearer ${await tokenOf(lot)}` } },
    check: async (res) => {
      const pdf = Buffer.from(await res.arrayBuffer());
      if (pdf.subarray(0, 5).toString() !== "%PDF-") throw new Error("not a PDF");
    },
  });
  const english = cardLots("en");
  const telugu = cardLots("te");
  // [name, bar p95 ms, the next request (a fresh random pick each time)]
  const cases: [string, number, () => Promise<Timed> | Timed][] = [
    ["single check, a random lot", 20, () => single(pick(all).code)],
    ["single check, a tested lot", 20, () => single(pick(testedLots).code)],
    ["single check, an unknown code", 20, () => single(unknownCode())],
    [
      `batch of ${BATCH}, mixed (${BATCH_UNKNOWN} unknown)`,
      100,
      () =>
        batch([
          ...picks(all, BATCH - BATCH_UNKNOWN).map((lot) => lot.code),
          ...Array.from({ length: BATCH_UNKNOWN }, unknownCode),
        ]),
    ],
    [
      `batch of ${BATCH}, every lot tested`,
      100,
      () => batch(picks(testedLots, BATCH).map((lot) => lot.code)),
    ],
    ["lot card PDF, English member", 100, () => card(pick(english))],
    ["lot card PDF, Telugu member", 100, () => card(pick(telugu))],
  ];
  const send = async (name: string, request: Timed) => {
    const res = await fetch(`${base}${request.path}`, request.init);
    if (res.status !== 200) throw new Error(`${name} ${request.path}: ${res.status} ${await res.text()}`);
    await request.check(res);
  };
  // Every route and statement once warm (the first requests compile code and fill caches), untimed.
  for (const [name, , next] of cases) for (let i = 0; i < WARM_UP; i += 1) await send(name, await next());
  // CPU: this process's (the API and its client) a request, what the load of other processes does not change.
  console.log("| case | p50 ms | p95 ms | p99 ms | bar p95 ms | CPU ms |\n|---|---|---|---|---|---|");
  for (const [name, bar, next] of cases) {
    // Made before timing: picking codes and opening sessions are not the server's work.
    const requests: Timed[] = [];
    for (let i = 0; i < timed; i += 1) requests.push(await next());
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (const request of requests) {
      const start = performance.now();
      await send(name, request);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1);
    const { user, system } = process.cpuUsage(cpu);
    const cpuMs = ((user + system) / 1000 / timed).toFixed(1);
    console.log(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${bar} | ${cpuMs} |`);
  }
  console.log(
    `\nstates answered: ${[...states.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([state, n]) => `${state} ${n}`)
      .join(", ")}`,
  );
  return { all, testedLots, unknownCode };
}

/**
 * The plan of the check's statement as the API sends it: checkLots runs on a connection of its own
 * whose drizzle logger keeps the statement and its parameters, which are then explained.
 */
async function explainCheck(
  context: Parameters<typeof checkLots>[0],
  label: string,
  codes: string[],
): Promise<void> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const statements: { query: string; params: unknown[] }[] = [];
    const logged = drizzle(client, {
      logger: { logQuery: (query, params) => statements.push({ query, params }) },
    }) as unknown as Db;
    await checkLots({ ...context, db: logged }, codes);
    const [statement] = statements;
    if (!statement) throw new Error("checkLots sent no statement");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `explain (analyze, buffers) ${statement.query}`,
      statement.params,
    );
    console.log(`\nplan of the check, ${label}:\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
  } finally {
    await client.end();
  }
}

try {
  await database.migrate();
  if (!reuse) await seed();
  if (!seedOnly) {
    const { app, parts, customerToken, close } = await startInProcessApp({ database });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    try {
      const { all, testedLots, unknownCode } = await measure(base, customerToken);
      if (explain) {
        await explainCheck(parts.context, "one tested lot", [pick(testedLots).code]);
        await explainCheck(parts.context, `a batch of ${BATCH} (mixed)`, [
          ...picks(all, BATCH - BATCH_UNKNOWN).map((lot) => lot.code),
          ...Array.from({ length: BATCH_UNKNOWN }, unknownCode),
        ]);
      }
    } finally {
      server.close();
      await close();
    }
  }
} finally {
  await database.close();
  if (keep) console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
