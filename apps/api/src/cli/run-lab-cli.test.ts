import { reports, samples, staff } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { submitSample } from "../test/samples";
import { LAB_CLI_HELP, runLabCli } from "./run-lab-cli";

let t: TestApp;
let ctx: ReturnType<typeof createDomainContext>;
beforeAll(async () => {
  t = await startTestApp();
  ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
});
afterAll(async () => {
  await t.close();
});

async function cli(line: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLabCli(ctx, line, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    readFile: (path) => {
      const content = files[path];
      if (content === undefined) throw new Error("no such file");
      return content;
    },
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("pnpm lab", () => {
  it("prints help with --help (0) and without a command (2)", async () => {
    expect(await cli(["--help"])).toMatchObject({ code: 0, out: LAB_CLI_HELP });
    expect((await cli([])).code).toBe(2);
    expect(await cli(["fly"])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command "fly"'),
    });
    expect((await cli(["assign", "x", "1"])).err).toContain("sampleId must be a number");
  });

  it("takes a sample from PENDING to a revoked report, refusing illegal moves with exit 1", async () => {
    const customer = await signedInCustomer(t);
    const sample = await submitSample(t.app, customer, {
      samplerLocation: "Kakinada",
      coordinate: { lat: 16.98, lng: 82.24 },
      shrimpCategory: "Brown Shrimp",
      testTypes: ["Moisture Content Analysis"],
    });
    const sid = String(sample.id);

    expect(
      await cli([
        "agents",
        "add",
        "--name",
        "Raju",
        "--phone",
        "9000000041",
        "--lat",
        "16.9",
        "--lng",
        "82.2",
      ]),
    ).toMatchObject({ code: 0 });
    const roster = await cli(["agents"]);
    const agentId = /^(\d+)\tRaju\t\+91 90000 00041\tyes\t16.9,82.2$/m.exec(roster.out)?.[1] ?? "";
    expect(agentId).not.toBe("");

    expect(await cli(["status", sid, "TESTING"])).toMatchObject({
      code: 1,
      err: "Cannot move sample from PENDING to TESTING",
    });
    expect(await cli(["list", "--unassigned"])).toMatchObject({
      code: 0,
      out: expect.stringContaining(`${sid}\tPENDING`),
    });
    // The console's search: place folded, and the sample's id.
    expect((await cli(["list", "--search", "KAKINADA"])).out).toContain(`${sid}\tPENDING`);
    expect((await cli(["list", "--search", `#${sid}`])).out).toMatch(new RegExp(`^${sid}\tPENDING`, "m"));
    expect(await cli(["assign", sid, agentId])).toMatchObject({
      code: 0,
      out: `Sample #${sid} is COLLECTING, assigned to Raju-+919000000041`,
    });
    expect((await cli(["unassign", sid])).out).toBe(`Sample #${sid} is PENDING`);
    await cli(["assign", sid, agentId]);
    expect((await cli(["status", sid, "collected"])).out).toBe(`Sample #${sid} is COLLECTED`);
    expect((await cli(["status", sid, "processing", "--eta", "2026-12-01T10:00:00Z"])).out).toBe(
      `Sample #${sid} is TESTING`,
    );

    const results = JSON.stringify({
      tests: [
        {
          testType: "Moisture Content Analysis",
          value: "78.1",
          unit: "%",
          limit: "≤ 80",
          method: "AOAC 950.46",
          verdict: "pass",
        },
      ],
    });
    expect((await cli(["report", sid, "--file", "missing.json"])).code).toBe(2);
    const issued = await cli(["report", sid, "--file", "results.json"], { "results.json": results });
    expect(issued).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Report #\d+ issued: success, NSP-CERT-\d{4}-\d{3,}$/),
    });
    const [report] = await t.database.db.select().from(reports).where(eq(reports.sampleId, sample.id));
    const [row] = await t.database.db.select().from(samples).where(eq(samples.id, sample.id));
    expect(row?.status).toBe("COMPLETED");

    expect((await cli(["revoke", String(report?.id)])).code).toBe(2);
    expect((await cli(["revoke", String(report?.id), "--reason", "Wrong pond"])).out).toBe(
      `Report #${report?.id} is revoked`,
    );
    expect(await cli(["revoke", String(report?.id), "--reason", "again"])).toMatchObject({
      code: 1,
      err: "This report is already revoked",
    });
    expect((await cli(["agents", "deactivate", agentId])).out).toBe(`Agent #${agentId} is inactive`);
  });

  it("adds a staff account that can sign in to the console", async () => {
    const added = await cli([
      "add-staff",
      "--email",
      "qa@aquatest.local",
      "--name",
      "QA Lead",
      "--password",
      "Quality#2026",
    ]);
    expect(added.code).toBe(0);
    expect(await t.database.db.select().from(staff).where(eq(staff.email, "qa@aquatest.local"))).toHaveLength(
      1,
    );
    await request(t.app)
      .post("/api/lab/login")
      .send({ email: "qa@aquatest.local", password: "Quality#2026" })
      .expect(200);
    expect((await cli(["add-staff", "--email", "x@y.in"])).code).toBe(2);
  });

  it("sets a staff password: the old one and every signed-in session stop working", async () => {
    await cli(["add-staff", "--email", "ops@aquatest.local", "--name", "Ops", "--password", "Quality#2026"]);
    const login = await request(t.app)
      .post("/api/lab/login")
      .send({ email: "ops@aquatest.local", password: "Quality#2026" })
      .expect(200);
    const token = (login.body as { accessToken: string }).accessToken;
    expect((await cli(["set-password", "--email", "ops@aquatest.local", "--password", "weak"])).code).toBe(2);
    const set = await cli(["set-password", "--email", "OPS@aquatest.local", "--password", "Changed#2026"]);
    expect(set.code).toBe(0);
    expect(set.out).toContain("1 signed-in session(s) ended");
    expect((await request(t.app).get("/api/lab/agents").auth(token, { type: "bearer" })).status).toBe(401);
    await request(t.app)
      .post("/api/lab/login")
      .send({ email: "ops@aquatest.local", password: "Quality#2026" })
      .expect(401);
    await request(t.app)
      .post("/api/lab/login")
      .send({ email: "ops@aquatest.local", password: "Changed#2026" })
      .expect(200);
    expect((await cli(["set-password", "--email", "nobody@x.in", "--password", "Changed#2026"])).code).toBe(
      1,
    );
  });
});
