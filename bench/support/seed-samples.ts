// Seeding of organisations, members and samples at scale, shared by the benches that time reads over
// a large samples table (samples-list, lots-check). Rows are made by generate_series inside Postgres,
// and loaded as one would restore a dump: see bulkLoadSamples.
import type { Database } from "@lab/db";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";

/** Organisations the benches seed: organisation 1 with its members, the rest with one member each. */
export const ORGANISATIONS = 1000;

/**
 * Organisation 1 with `members` members (member 1 its admin of scope `all`, member 2 a full member of
 * scope `own`, the rest full members of scope `all`), and organisations 2..1000 with one member each:
 * customer `members + k - 1` is the one member of organisation k.
 */
export async function seedOrganisations(database: Database, members: number): Promise<void> {
  await database.db.execute(sql`
    insert into organisations (id, name) select g, 'Bench ' || g from generate_series(1, ${ORGANISATIONS}) g`);
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('organisations', 'id'), ${ORGANISATIONS})`,
  );
  await database.db.execute(sql`
    insert into customers (organisation_id, member_role, member_scope, email, full_name, password_hash,
      email_verified_at)
    select 1, case when g = 1 then 'admin' else 'full' end, case when g = 2 then 'own' else 'all' end,
      'bench' || g || '@gmail.com', 'Bench member ' || g, 'x', now()
    from generate_series(1, ${members}) g`);
  await database.db.execute(sql`
    insert into customers (organisation_id, email, full_name, password_hash, email_verified_at)
    select g, 'bench-org' || g || '@gmail.com', 'Bench ' || g, 'x', now()
    from generate_series(2, ${ORGANISATIONS}) g`);
}

/** The SQL of the first member of an organisation (an expression giving its id), as seedOrganisations made them. */
export const firstMemberOf = (organisation: SQL, members: number): SQL =>
  sql`case when ${organisation} = 1 then 1 else ${members} - 1 + ${organisation} end`;

export interface SampleRows {
  organisation: SQL;
  customer: SQL;
  /** Rows g = 1..count, unless `from` gives them (a source aliased `src` with an integer column `g`). */
  count?: number;
  from?: SQL;
  /** Default: statuses in turn, one a minute from 2024-01-01, updated in a scattered order. */
  status?: SQL;
  createdAt?: SQL;
  updatedAt?: SQL;
  /** More columns and their values, e.g. a pre-harvest sample's lot. */
  extra?: Record<string, SQL>;
}

/**
 * An insert of generated samples: a farmer's name, one of 977 villages, a phone of 100,000 and an
 * e-mail of 5,000, each a function of `g`, the row's number.
 */
export function insertSamples(rows: SampleRows): SQL {
  const count = rows.count ?? 0;
  const status =
    rows.status ?? sql`(array['PENDING','COLLECTING','COLLECTED','TESTING','COMPLETED'])[1 + (g % 5)]`;
  const createdAt = rows.createdAt ?? sql`timestamptz '2024-01-01' + (g || ' minutes')::interval`;
  const updatedAt =
    rows.updatedAt ??
    sql`timestamptz '2024-01-01' + ((g * 7 % ${Math.max(1, count)}) || ' minutes')::interval`;
  const extra = Object.entries(rows.extra ?? {});
  const columns = extra.map(([column]) => sql.raw(`, ${column}`));
  const values = extra.map(([, value]) => sql`, ${value}`);
  return sql`
    insert into samples (organisation_id, customer_id, status, sampler_name, sampler_location, lat, lng,
      shrimp_category, test_types, shrimp_sub_category, phone_number, email_address, created_at, updated_at
      ${sql.join(columns)})
    select ${rows.organisation}, ${rows.customer}, ${status}, 'Farmer ' || g,
      'Village ' || (g % 977) || ', Andhra Pradesh, India',
      16.5, 81.5, 'Tiger Shrimp', array['Allergen Testing'], 'Allergen Testing',
      '+9190000' || lpad((g % 100000)::text, 5, '0'), 'farmer' || (g % 5000) || '@gmail.com',
      ${createdAt}, ${updatedAt} ${sql.join(values)}
    from ${rows.from ?? sql`generate_series(1, ${count}) as src(g)`}`;
}

/**
 * Runs the inserts the way one would restore a dump: without the per-row counter trigger and the
 * secondary indexes of samples (trigram, customer and organisation ones, the rest), rebuilt afterwards
 * from their own definitions to exactly what the row-by-row path would have produced, with
 * sample_counts filled from the rows. Returns how many indexes were rebuilt. The caller runs
 * `vacuum analyze` once everything is in.
 */
export async function bulkLoadSamples(database: Database, url: string, inserts: SQL[]): Promise<number> {
  const catalogue = new pg.Client({ connectionString: url });
  await catalogue.connect();
  const { rows: indexes } = await catalogue
    .query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'samples'
          and indexname not in (select conname from pg_constraint where conrelid = 'public.samples'::regclass)`,
    )
    .finally(() => catalogue.end());
  await database.db.execute(sql`alter table samples disable trigger samples_count_change`);
  for (const index of indexes) await database.db.execute(sql.raw(`drop index ${index.name}`));
  for (const insert of inserts) await database.db.execute(insert);
  await database.db.execute(sql`set maintenance_work_mem = '512MB'`);
  for (const index of indexes) await database.db.execute(sql.raw(index.definition));
  await database.db.execute(sql`
    insert into sample_counts (customer_id, status, n)
    select customer_id, status, count(*) from samples group by customer_id, status`);
  await database.db.execute(sql`alter table samples enable trigger samples_count_change`);
  return indexes.length;
}
