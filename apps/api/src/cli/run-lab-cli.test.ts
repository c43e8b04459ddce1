import { messages, resultMessages } from "@lab/contracts";
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

describe("npm run lab", () => {
  it("prints help with --help (0) and without a command (2)", async () => {
    expect(await cli(["--help"])).toMatchObject({ code: 0, out: LAB_CLI_HELP });
    expect((await cli([])).code).toBe(2);
    expect(await cli(["fly"])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command "fly"'),
    });
    expect((await cli(["assign", "x", "1"])).err).toContain("sampleId must be a number");
  });

  it("takes a sample from PENDING through results, return and release to a revoked report", async () => {
    const customer = await signedInCustomer(t);
    const sample = await submitSample(t.app, customer, {
      samplerLocation: "Kakinada",
      coordinate: { lat: 16.98, lng: 82.24 },
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    const sid = String(sample.id);
    const staffArgs = (email: string, roles: string) => [
      "add-staff",
      "--email",
      email,
      "--name",
      email,
      "--password",
      "Quality#2026",
      "--roles",
      roles,
    ];
    expect(await cli(staffArgs("analyst@aquatest.local", "analyst"))).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Staff #\d+ analyst@aquatest\.local added \(analyst\)$/),
    });
    expect((await cli(staffArgs("reviewer@aquatest.local", "reviewer,analyst"))).code).toBe(0);

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
    const agentId = /^(\d+)\tRaju\t\+91 90000 00041\tyes\t16.9,82.2\tno$/m.exec(roster.out)?.[1] ?? "";
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

    const as = (email: string) => ["--as", email];
    // A partial CSV: judged so far, the rest listed as missing.
    const partial = await cli(["results", sid, "part.csv", ...as("analyst@aquatest.local")], {
      "part.csv": "code,value,qualifier\nPB,0.05,\n",
    });
    expect(partial).toMatchObject({ code: 0 });
    expect(partial.out).toMatch(new RegExp(`^Sample #${sid}, round 1: awaiting results$`, "m"));
    expect(partial.out).toMatch(/^market\tversion\tverdict$/m);
    expect(partial.out).toMatch(/^LAB\t\d+\tpending$/m);
    expect(partial.out).toContain("Missing: CD, HG");
    // A value outside its parameter's range: refused with the parameter and the range, nothing kept.
    expect(
      await cli(["results", sid, "wild.csv", ...as("analyst@aquatest.local")], {
        "wild.csv": "code,value\nCD,0.01\nPB,1e308\n",
      }),
    ).toMatchObject({
      code: 1,
      err: resultMessages.resultValueOutOfRange({
        parameter: "Lead (Pb)",
        min: "0",
        max: "1,000,000 (mg/kg)",
        decimals: 6,
      }),
    });
    const csv = "\uFEFFCode, Value ,Qualifier\r\nPB,0.05,\r\ncd,,below_loq\r\nHG,0.1,\r\n";
    const entered = await cli(["results", sid, "metals.csv", ...as("ANALYST@aquatest.local")], {
      "metals.csv": csv,
    });
    expect(entered).toMatchObject({ code: 0 });
    expect(entered.out).toMatch(new RegExp(`^Sample #${sid}, round 1: awaiting review$`, "m"));
    expect(entered.out).toMatch(/^LAB\t\d+\t(pass|fail)$/m);
    expect(entered.out).not.toContain("Missing");

    // The analyst cannot release their own results; a reviewer sends them back, then releases.
    expect(await cli(["release", sid, ...as("analyst@aquatest.local")])).toMatchObject({
      code: 1,
      err: resultMessages.roleRequired("reviewer"),
    });
    expect((await cli(["return", sid, ...as("reviewer@aquatest.local")])).code).toBe(2);
    expect(
      await cli(["return", sid, "--note", "Re-run mercury", ...as("reviewer@aquatest.local")]),
    ).toMatchObject({ code: 0, out: `Sample #${sid}, round 1: returned` });
    const json = JSON.stringify({ results: [{ code: "HG", value: 0.08 }], note: "Hg re-run" });
    expect(
      (await cli(["results", sid, "hg.json", ...as("reviewer@aquatest.local")], { "hg.json": json })).code,
    ).toBe(0);
    // The reviewer entered a result of this round now: a third person must release.
    expect(await cli(["release", sid, ...as("reviewer@aquatest.local")])).toMatchObject({
      code: 1,
      err: resultMessages.samePerson,
    });
    expect((await cli(staffArgs("second@aquatest.local", "reviewer"))).code).toBe(0);
    const released = await cli(["release", sid, "--note", "Checked", ...as("second@aquatest.local")]);
    expect(released).toMatchObject({
      code: 0,
      out: expect.stringMatching(
        /^Report #\d+ released: (success, NSP-CERT-\d{4}-\d{3,}|failure)\nLAB\t(pass|fail)$/,
      ),
    });
    const [report] = await t.database.db.select().from(reports).where(eq(reports.sampleId, sample.id));
    const [row] = await t.database.db.select().from(samples).where(eq(samples.id, sample.id));
    expect(row?.status).toBe("COMPLETED");
    expect(await cli(["release", sid, ...as("second@aquatest.local")])).toMatchObject({ code: 1 });

    // Revoking: a reviewer asks with a reason code (and an internal note), a different one confirms.
    const rid = String(report?.id);
    const revoke = (reason: string, email: string, ...more: string[]) =>
      cli(["revoke", rid, "--reason", reason, ...more, ...as(email)]);
    expect((await cli(["revoke", rid, ...as("reviewer@aquatest.local")])).code).toBe(2);
    expect(await revoke("Wrong pond", "reviewer@aquatest.local")).toMatchObject({
      code: 2,
      err: expect.stringContaining(messages.revokeReasonUnknown),
    });
    expect((await cli(["revoke", rid, "--reason", "other"])).code).toBe(2);
    expect(await revoke("sample_mislabelled", "analyst@aquatest.local")).toMatchObject({
      code: 1,
      err: messages.revokeRoleRequired,
    });
    const requestOf = (out: string) => /^Revocation #(\d+) of report #\d+ asked;/.exec(out)?.[1] ?? "";
    const first = requestOf((await revoke("sample_mislabelled", "reviewer@aquatest.local")).out);
    expect((await cli(["cancel-revocation", first, ...as("second@aquatest.local")])).out).toBe(
      `Revocation #${first} cancelled; report #${rid} stands`,
    );
    const asked = await revoke("sample_mislabelled", "reviewer@aquatest.local", "--note", "Wrong pond");
    const requestId = requestOf(asked.out);
    expect(requestId).not.toBe("");
    expect((await cli(["revocations"])).out).toMatch(
      new RegExp(`^${requestId}\t${rid}\t${sid}\t.*\tsample_mislabelled\t.*\tWrong pond$`, "m"),
    );
    expect(await cli(["confirm-revocation", requestId, ...as("reviewer@aquatest.local")])).toMatchObject({
      code: 1,
      err: messages.revocationSamePerson,
    });
    expect((await cli(["confirm-revocation", requestId, ...as("second@aquatest.local")])).out).toBe(
      `Report #${rid} is revoked (revocation #${requestId} confirmed)`,
    );
    expect(await revoke("other", "second@aquatest.local")).toMatchObject({
      code: 1,
      err: "This report is already revoked",
    });
    // The revoke opened round 2: its results and release issue the replacement.
    const amended = await cli(["results", sid, "metals.csv", ...as("analyst@aquatest.local")], {
      "metals.csv": csv,
    });
    expect(amended.out).toMatch(new RegExp(`^Sample #${sid}, round 2: awaiting review$`, "m"));
    const replacement = await cli(["release", sid, ...as("second@aquatest.local")]);
    expect(replacement).toMatchObject({ code: 0, out: expect.stringMatching(/^Report #\d+ released: /) });
    const [revoked] = await t.database.db
      .select()
      .from(reports)
      .where(eq(reports.id, report?.id ?? 0));
    expect(revoked?.replacedById).toEqual(expect.any(Number));
    expect((await cli(["agents", "deactivate", agentId])).out).toBe(`Agent #${agentId} is inactive`);
  });

  it("prints an agent's invitation link, and the roster then shows them invited", async () => {
    const added = await cli(["agents", "add", "--name", "Invitee", "--phone", "9000000042"]);
    const agentId = /^Agent #(\d+) Invitee added$/.exec(added.out)?.[1] ?? "";
    const invited = await cli(["agents", "invite", agentId]);
    expect(invited.code).toBe(0);
    expect(invited.out).toMatch(/^http:\/\/localhost:3000\/field\/join\?token=[A-Za-z0-9_-]{43}$/m);
    expect((await cli(["agents"])).out).toMatch(new RegExp(`^${agentId}\tInvitee\t.*\tinvited$`, "m"));
    expect(await cli(["agents", "invite", "99999"])).toMatchObject({ code: 1, err: messages.agentNotFound });
  });

  it("refuses bad results files with a clear message and a non-zero exit", async () => {
    const as = ["--as", "analyst@aquatest.local"];
    const run = (content: string, name = "r.csv") => cli(["results", "1", name, ...as], { [name]: content });
    expect(await run("code,value,qualifier\nPB,abc,\n")).toMatchObject({
      code: 2,
      err: expect.stringContaining('r.csv: line 2: value "abc" is not a number'),
    });
    expect(await run("code,result\nPB,1\n")).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown column "result"'),
    });
    expect(await run("value\n1\n")).toMatchObject({ code: 2, err: expect.stringContaining("code column") });
    expect(await run('code,value\n"PB,1\n')).toMatchObject({
      code: 2,
      err: expect.stringContaining("not readable CSV"),
    });
    expect(await run("code,value,qualifier\nPB,1,2,3\n")).toMatchObject({ code: 2 });
    expect(await run("code,value,qualifier\n")).toMatchObject({
      code: 2,
      err: expect.stringContaining(resultMessages.resultsRequired),
    });
    expect(await run("code,value,qualifier\nPB,,\n")).toMatchObject({
      code: 2,
      err: expect.stringContaining(`line 2: ${resultMessages.resultValueOrQualifier}`),
    });
    expect(await run("code,value\nPB,1e999\n")).toMatchObject({
      code: 2,
      err: expect.stringContaining('line 2: value "1e999" is too large to be a number'),
    });
    expect(await run("{not json", "r.json")).toMatchObject({
      code: 2,
      err: expect.stringContaining("not readable JSON"),
    });
    expect(await run('{"tests": []}', "r.json")).toMatchObject({ code: 2 });
    expect(await run('[{"code": "PB", "value": "high"}]', "r.json")).toMatchObject({
      code: 2,
      err: expect.stringContaining(`result 1: ${resultMessages.resultValueInvalid}`),
    });
    expect(await cli(["results", "1", "missing.csv", ...as])).toMatchObject({
      code: 2,
      err: expect.stringContaining("missing.csv cannot be read"),
    });
    expect((await cli(["results", "1", "r.csv"], { "r.csv": "code,value\nPB,1\n" })).code).toBe(2);
    expect(
      await cli(["results", "1", "r.csv", "--as", "nobody@aquatest.local"], {
        "r.csv": "code,value\nPB,1\n",
      }),
    ).toMatchObject({ code: 1 });
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
    const again = ["add-staff", "--email", "QA@aquatest.local", "--name", "QA", "--password", "Quality#2026"];
    expect(await cli(again)).toMatchObject({ code: 1, err: resultMessages.staffEmailTaken });
    const badRole = ["add-staff", "--email", "r@aquatest.local", "--name", "R", "--password", "Quality#2026"];
    expect((await cli([...badRole, "--roles", "boss"])).code).toBe(2);
    expect((await cli([...badRole, "--roles", ","])).err).toContain(resultMessages.staffRolesRequired);
    expect(
      (await cli(["add-staff", "--email", "w@aquatest.local", "--name", "W", "--password", "aaaaaaaa"])).code,
    ).toBe(2);
  });

  it("deactivates a staff account: its sessions end and it can neither sign in nor sign results", async () => {
    await cli([
      "add-staff",
      "--email",
      "gone@aquatest.local",
      "--name",
      "Gone",
      "--password",
      "Quality#2026",
    ]);
    const login = await request(t.app)
      .post("/api/lab/login")
      .send({ email: "gone@aquatest.local", password: "Quality#2026" })
      .expect(200);
    const token = (login.body as { accessToken: string }).accessToken;
    expect(await cli(["deactivate-staff", "--email", "GONE@aquatest.local"])).toMatchObject({
      code: 0,
      out: expect.stringContaining("gone@aquatest.local is deactivated"),
    });
    expect((await request(t.app).get("/api/lab/agents").auth(token, { type: "bearer" })).status).toBe(401);
    await request(t.app)
      .post("/api/lab/login")
      .send({ email: "gone@aquatest.local", password: "Quality#2026" })
      .expect(401);
    expect(
      await cli(["results", "1", "r.csv", "--as", "gone@aquatest.local"], { "r.csv": "code,value\nPB,1\n" }),
    ).toMatchObject({ code: 1, err: resultMessages.staffDeactivated });
    expect((await cli(["deactivate-staff"])).code).toBe(2);
    expect((await cli(["deactivate-staff", "--email", "nobody@aquatest.local"])).code).toBe(1);
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
