import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { legacyDatabase, migrationTagOf, type LegacyDatabase } from "../../test/legacy-database";

// Migration 0020 makes every customer the admin of an organisation of its own and moves what it owned
// there. The database is brought to 0019, filled as the API wrote it before, then 0020 runs.
let legacy: LegacyDatabase;
const query = <T>(statement: ReturnType<typeof sql>) => legacy.query<T>(statement);

beforeAll(async () => {
  legacy = await legacyDatabase("0020_");
});
afterAll(async () => {
  await legacy.close();
});

describe("migration 0020: customers become organisations with one admin", () => {
  it("gives each customer its own organisation, named after its company (or the person), and loses nothing", async () => {
    expect(migrationTagOf("0020_")).toBe("0020_organisations");
    const [withCompany] = await query<{ id: number }>(
      sql`insert into customers (email, full_name, company, address, password_hash, language, default_markets)
          values ('exports@example.in', 'Ravi Kumar', 'Sri Lakshmi Aqua Exports', 'Bhimavaram', 'x', 'te', '{EU}')
          returning id`,
    );
    const [withoutCompany] = await query<{ id: number }>(
      sql`insert into customers (email, full_name, company, password_hash) values ('farm@example.in', 'Lakshmi Devi', '  ', 'x') returning id`,
    );
    const ids = [withCompany?.id ?? 0, withoutCompany?.id ?? 0];
    const samplesBefore: { id: number; updated_at: string }[] = [];
    for (const id of ids) {
      const [provider] = await query<{ id: number }>(
        sql`insert into sample_providers (customer_id, sampler_name, phone_number) values (${id}, 'Pond 1', '+919440012345') returning id`,
      );
      for (const name of ["A", "B"]) {
        const [sample] = await query<{ id: number; updated_at: string }>(
          sql`insert into samples (customer_id, provider_id, status, sampler_name, sampler_location, shrimp_category, test_types, shrimp_sub_category, phone_number, updated_at)
              values (${id}, ${provider?.id}, 'COMPLETED', ${name}, 'Bhimavaram', 'Vannamei', '{Antibiotic Residues}', 'Antibiotic Residues', '+919440012345', '2026-01-02T03:04:05.123456Z')
              returning id, updated_at::text`,
        );
        if (sample) samplesBefore.push(sample);
      }
      const [first] = samplesBefore.slice(-2);
      await legacy.database.db.execute(
        sql`insert into reports (sample_id, customer_id, result, details, tests) values (${first?.id}, ${id}, 'success', '{}'::jsonb, '[]'::jsonb)`,
      );
      await legacy.database.db.execute(
        sql`insert into notifications (customer_id, sample_id, type, data) values (${id}, ${first?.id}, 'sample_status_change', '{}'::jsonb)`,
      );
    }
    await legacy.database.db.execute(
      sql`insert into markets (code, name, customer_id) values ('BUYER-1', 'Buyer one', ${withCompany?.id})`,
    );

    await legacy.migrate();

    const organisations = await query<{
      id: number;
      name: string;
      address: string | null;
      language: string;
      default_markets: string[];
    }>(sql`select id, name, address, language, default_markets from organisations order by id`);
    expect(organisations).toEqual([
      {
        id: ids[0],
        name: "Sri Lakshmi Aqua Exports",
        address: "Bhimavaram",
        language: "te",
        default_markets: ["EU"],
      },
      { id: ids[1], name: "Lakshmi Devi", address: null, language: "en", default_markets: [] },
    ]);
    const members = await query<{
      id: number;
      organisation_id: number;
      member_role: string;
      member_scope: string;
    }>(sql`select id, organisation_id, member_role, member_scope from customers order by id`);
    expect(members).toEqual(
      ids.map((id) => ({ id, organisation_id: id, member_role: "admin", member_scope: "all" })),
    );
    for (const table of ["samples", "sample_providers", "reports"]) {
      const rows = await query<{ wrong: number }>(
        sql`select count(*)::int as wrong from ${sql.raw(table)} where organisation_id is distinct from customer_id`,
      );
      expect(rows[0]?.wrong, table).toBe(0);
    }
    const [market] = await query<{ organisation_id: number }>(
      sql`select organisation_id from markets where code = 'BUYER-1'`,
    );
    expect(market?.organisation_id).toBe(ids[0]);
    // Samples keep their order: the migration does not touch their times, and their counters stand.
    const samplesAfter = await query<{ id: number; updated_at: string }>(
      sql`select id, updated_at::text from samples order by id`,
    );
    expect(samplesAfter).toEqual(samplesBefore);
    const counts = await query<{ customer_id: number; n: number }>(
      sql`select customer_id, n from sample_counts where status = 'COMPLETED' order by customer_id`,
    );
    expect(counts).toEqual(ids.map((id) => ({ customer_id: id, n: 2 })));
    const notices = await query<{ n: number }>(sql`select count(*)::int as n from notifications`);
    expect(notices[0]?.n).toBe(2);

    // The next organisation is numbered after the migrated ones.
    const [next] = await query<{ id: number }>(
      sql`insert into organisations (name) values ('New') returning id`,
    );
    expect(next?.id).toBeGreaterThan(Math.max(...ids));
    // Every customer now needs an organisation.
    await expect(
      legacy.database.db.execute(
        sql`insert into customers (email, full_name, password_hash) values ('x@example.in', 'X', 'x')`,
      ),
    ).rejects.toThrow();
  });
});
