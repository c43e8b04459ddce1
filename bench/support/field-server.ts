// A field agent's world for the field app's benches: a fresh database on the local Postgres server
// (dropped at the end) holding one customer's farm and pond, an agent who can sign in (a password set,
// as after accepting an invitation) and `jobs` samples given to them (COLLECTING, with the assignment
// move on their timeline); then the real server (bench/support/api-process.ts, NODE_ENV=production)
// on that database, serving the built SPA compressed and with its cache headers.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import {
  agents,
  createDatabase,
  customers,
  farms,
  organisations,
  ponds,
  sampleEvents,
  samples,
} from "@lab/db";
import pg from "pg";

import { hashPassword } from "../../apps/api/src/lib/passwords";
import { startApiProcess, type ApiProcess } from "./api-process";

/** The pond's point (Bhimavaram); the app's fake GPS fixes are 40 m north of it. */
export const POND = { lat: 16.5449, lng: 81.5212 } as const;
export const AGENT = { name: "Suresh Reddy", phone: "+919876543210", password: "Bench#Field2026" } as const;

export interface FieldWorld {
  server: ApiProcess;
  base: string;
  agentId: number;
  /** The jobs' sample ids, oldest assignment first. */
  sampleIds: number[];
  /** Collections the server holds: all of them, and how many distinct samples they are for. */
  collections(): Promise<{ rows: number; samples: number }>;
  close(): Promise<void>;
}

export async function startFieldWorld(options: {
  jobs: number;
  webDist: string;
  serverUrl: string;
  dbName: string;
}): Promise<FieldWorld> {
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${options.dbName} with (force)`);
  await admin.query(`create database ${options.dbName}`);
  const url = new URL(options.serverUrl);
  url.pathname = `/${options.dbName}`;
  const database = await createDatabase({ url: url.toString(), poolSize: 2 });
  await database.migrate();
  const { db } = database;
  const reader = new pg.Client({ connectionString: url.toString() });
  await reader.connect();

  const [organisation] = await db
    .insert(organisations)
    .values({ name: "Lakshmi Aqua Farms" })
    .returning({ id: organisations.id });
  if (!organisation) throw new Error("no organisation");
  const [customer] = await db
    .insert(customers)
    .values({
      organisationId: organisation.id,
      email: "lakshmi.aqua@gmail.com",
      fullName: "Lakshmi Devi",
      passwordHash: "x",
      emailVerifiedAt: new Date(),
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error("no customer");
  const [farm] = await db
    .insert(farms)
    .values({ organisationId: organisation.id, name: "Godavari Delta Farm", lat: POND.lat, lng: POND.lng })
    .returning({ id: farms.id });
  if (!farm) throw new Error("no farm");
  const [pond] = await db
    .insert(ponds)
    .values({ farmId: farm.id, organisationId: organisation.id, code: "P1", lat: POND.lat, lng: POND.lng })
    .returning({ id: ponds.id });
  if (!pond) throw new Error("no pond");
  const [agent] = await db
    .insert(agents)
    .values({
      name: AGENT.name,
      phone: AGENT.phone,
      passwordHash: await hashPassword(AGENT.password, 10),
      passwordChangedAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: agents.id });
  if (!agent) throw new Error("no agent");
  // Submitted an hour ago, given to the agent half an hour ago: the phone's collection times fall after both.
  const created = new Date(Date.now() - 3600_000);
  const assigned = new Date(Date.now() - 1800_000);
  const rows = await db
    .insert(samples)
    .values(
      Array.from({ length: options.jobs }, (_, i) => ({
        organisationId: organisation.id,
        customerId: customer.id,
        status: "COLLECTING" as const,
        samplerName: `Pond ${i + 1}`,
        samplerLocation: "Bhimavaram, West Godavari",
        lat: POND.lat,
        lng: POND.lng,
        shrimpCategory: "Vannamei",
        testTypes: ["Antibiotic Residues"],
        shrimpSubCategory: "Antibiotic Residues",
        phoneNumber: "+919848022338",
        agentId: agent.id,
        assigned: `${AGENT.name}-${AGENT.phone}`,
        pondId: pond.id,
        createdAt: created,
        updatedAt: assigned,
      })),
    )
    .returning({ id: samples.id });
  const sampleIds = rows.map((row) => row.id).sort((a, b) => a - b);
  await db.insert(sampleEvents).values(
    sampleIds.flatMap((sampleId) => [
      {
        sampleId,
        fromStatus: null,
        toStatus: "PENDING" as const,
        actor: `customer:${customer.id}`,
        at: created,
      },
      {
        sampleId,
        fromStatus: "PENDING" as const,
        toStatus: "COLLECTING" as const,
        actor: "system",
        at: assigned,
      },
    ]),
  );

  const server = startApiProcess({
    NODE_ENV: "production",
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString("hex"),
    LAB_ADMIN_EMAIL: "lab@bench.local",
    LAB_ADMIN_PASSWORD: `Bench#${randomBytes(6).toString("hex")}`,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-field-")),
    WEB_DIST_DIR: options.webDist,
    // The benches sign in and refresh more often than one phone would.
    RATE_LIMIT: "off",
  });
  await server.ready();

  return {
    server,
    base: server.base,
    agentId: agent.id,
    sampleIds,
    async collections() {
      const result = await reader.query<{ rows: number; samples: number }>(
        "select count(*)::int as rows, count(distinct sample_id)::int as samples from sample_collections",
      );
      const row = result.rows[0];
      return { rows: row?.rows ?? 0, samples: row?.samples ?? 0 };
    },
    async close() {
      server.stop();
      await reader.end();
      await database.close();
      await admin.query(`drop database if exists ${options.dbName} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}
