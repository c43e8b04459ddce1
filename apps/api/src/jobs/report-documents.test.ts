import { reportDocuments, reports } from "@lab/db";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { sha256Hex } from "../domain/reports/report-document";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { completeWithReport, signedInStaff } from "../test/lab";
import { pdfPages } from "../test/pdf-text";
import { submitSample } from "../test/samples";
import { createReportDocumentJob } from "./report-documents";

interface LogLine {
  msg: string;
  reportId?: number;
  failures?: number;
  retryInSeconds?: number;
}

let t: TestApp;
const logged: LogLine[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line) as LogLine) });

beforeAll(async () => {
  t = await startTestApp({ logger });
});
afterAll(async () => {
  await t.close();
});

// The database itself refuses the write: the same failure a full disk or a lost connection gives.
async function refuseDocumentWrites() {
  await t.database.db.execute(
    sql.raw(
      "create function refuse_report_document() returns trigger language plpgsql as $$ begin raise exception 'report store unavailable'; end $$",
    ),
  );
  await t.database.db.execute(
    sql.raw(
      "create trigger refuse_report_document before insert on report_documents for each row execute function refuse_report_document()",
    ),
  );
}
async function allowDocumentWrites() {
  await t.database.db.execute(sql.raw("drop trigger if exists refuse_report_document on report_documents"));
  await t.database.db.execute(sql.raw("drop function if exists refuse_report_document()"));
}
afterEach(allowDocumentWrites);

const storedDocument = async (reportId: number) =>
  (await t.database.db.select().from(reportDocuments).where(eq(reportDocuments.reportId, reportId)))[0];

describe("report documents job: a document the store refused at release", () => {
  it("release answers 201 and the report stands; the failure is logged; the job retries with backoff, logging each failure, then stores it once, with the SHA-256 the report publishes", async () => {
    const owner = await signedInCustomer(t);
    const staff = await signedInStaff(t);
    const sample = await submitSample(t.app, owner, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    const job = createReportDocumentJob(
      createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, now: t.clock.now, logger }),
      logger,
    );

    await refuseDocumentWrites();
    // Answers 201 (completeWithReport expects it) although the document could not be stored.
    const released = await completeWithReport(t, staff.token, sample.id);
    const [report] = await t.database.db.select().from(reports).where(eq(reports.id, released.id));
    expect(report?.status).toBe("valid");
    expect(report?.certification).toBe(released.details.certification);
    const seen = await request(t.app)
      .get(`/api/sample-submissions/${sample.id}`)
      .auth(owner.token, { type: "bearer" })
      .expect(200);
    expect((seen.body as { status: string }).status).toBe("COMPLETED");
    expect(await storedDocument(released.id)).toBeUndefined();
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: "report document not stored at release", reportId: released.id }),
    );

    // While the store still refuses: one try, logged, then the report waits out its delay.
    const failures = () => logged.filter((line) => line.msg === "report document not stored; retrying later");
    expect(await job.runNow()).toBe(0);
    expect(failures()).toEqual([
      expect.objectContaining({ reportId: released.id, failures: 1, retryInSeconds: 5 }),
    ]);
    expect(await job.runNow()).toBe(0);
    expect(failures()).toHaveLength(1);
    t.clock.advance(5);
    expect(await job.runNow()).toBe(0);
    expect(failures()).toEqual([
      expect.objectContaining({ failures: 1, retryInSeconds: 5 }),
      expect.objectContaining({ reportId: released.id, failures: 2, retryInSeconds: 10 }),
    ]);

    await allowDocumentWrites();
    // Still within the second delay: not tried yet.
    expect(await job.runNow()).toBe(0);
    expect(await storedDocument(released.id)).toBeUndefined();
    t.clock.advance(10);
    expect(await job.runNow()).toBe(1);

    const stored = await storedDocument(released.id);
    if (!stored) throw new Error("the job stored no document");
    expect(stored.sha256).toBe(sha256Hex(stored.pdf));
    expect((await pdfPages(stored.pdf)).join("\n")).toContain(released.details.certification);
    // The hash the report publishes is the stored document's, as after a release that stored it.
    const detail = await request(t.app)
      .get(`/api/reports/${released.id}`)
      .auth(owner.token, { type: "bearer" })
      .expect(200);
    expect((detail.body as { sha256: string | null }).sha256).toBe(stored.sha256);

    // Stored once: a further pass renders nothing, and the bytes stay the issued ones.
    expect(await job.runNow()).toBe(0);
    const again = await storedDocument(released.id);
    expect(again?.sha256).toBe(stored.sha256);
    expect(again?.pdf.equals(stored.pdf)).toBe(true);
    expect(failures()).toHaveLength(2);
  });

  it("leaves a report whose release stored its document as it is", async () => {
    const owner = await signedInCustomer(t, "Lakshmi Devi");
    const staff = await signedInStaff(t);
    const sample = await submitSample(t.app, owner, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    const released = await completeWithReport(t, staff.token, sample.id);
    const issued = await storedDocument(released.id);
    if (!issued) throw new Error("release stored no document");
    expect(issued.sha256).toBe(sha256Hex(issued.pdf));

    const job = createReportDocumentJob(
      createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, now: t.clock.now, logger }),
      logger,
    );
    expect(await job.runNow()).toBe(0);
    expect((await storedDocument(released.id))?.pdf.equals(issued.pdf)).toBe(true);
  });
});
