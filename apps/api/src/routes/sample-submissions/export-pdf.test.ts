import { messages, SAMPLE_EXPORT_PDF_MAX_ROWS, type ErrorBody } from "@lab/contracts";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { embeddedFontNames, pdfPages, pdfTitle } from "../../test/pdf-text";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let customer: Who;
let other: Who;

const EXPORT = "/api/sample-submissions/export.pdf";

/** A binary body as a Buffer (supertest leaves application/pdf unparsed otherwise). */
const asBuffer = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Venkata Ramana");
  other = await signedInCustomer(t, "Someone Else");
  const names = [
    ["వెంకట రమణ 🦐", "Amalāpuram, East Godāvari"],
    ["लक्ष्मी देवी", "Kākināda"],
    ["தமிழ்செல்வி", "Chennai"],
    ["সুব্রত", "Digha"],
  ] as const;
  for (const [index, [samplerName, samplerLocation]] of names.entries()) {
    const sample = await submitSample(t.app, customer, { samplerName, samplerLocation });
    await t.database.db.execute(
      sql`update samples set created_at = ${new Date(Date.UTC(2026, 2, 10 + index, 6)).toISOString()}::timestamptz
        where id = ${sample.id}`,
    );
  }
  await submitSample(t.app, other, { samplerName: "Not Yours Farm" });
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/sample-submissions/export.pdf", () => {
  it("the customer's samples of the period as a landscape PDF: names in four Indian scripts, emoji and ā read back", async () => {
    const res = await asBuffer(
      request(t.app)
        .get(`${EXPORT}?status=all&from=2026-03-01&to=2026-03-31&tz=Asia/Kolkata`)
        .auth(customer.token, { type: "bearer" }),
    ).expect(200);
    expect(res.headers["content-type"]).toMatch(/^application\/pdf/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="SampleSummary-All-2026-03-01-to-2026-03-31.pdf"',
    );
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfTitle(pdf)).toBe("Sample Summary Report");
    const text = (await pdfPages(pdf)).join("\n");
    expect(text).toContain("Sample Summary Report");
    expect(text).toContain("Period: 2026-03-01 to 2026-03-31");
    expect(text).toContain("Samples: 4");
    for (const column of ["Sample ID", "Status", "Sampler Name", "Sub-category", "Updated At"]) {
      expect(text).toContain(column);
    }
    expect(text).toContain("लक्ष्मी देवी");
    expect(text).toContain("সুব্রত");
    expect(text).toContain("🦐");
    expect(text).toContain("Godāvari");
    expect(text).toContain("Kākināda");
    // pdf.js spaces Telugu vowel signs and reads Tamil's pre-base vowel in visual order (see
    // report-pdf.test.ts): compared without spaces, and in glyph order.
    expect(text.replace(/\s+/g, "")).toContain("వెంకటరమణ");
    expect(text).toContain("தமிழ்ெசல்வி");
    expect(text).toContain("2026-03-10 11:30");
    expect(text).not.toContain("Not Yours Farm");
    for (const name of embeddedFontNames(pdf)) expect(name).toMatch(/^[A-Z]{6}\+Noto/);
  });

  it("the status and search of the list narrow the rows", async () => {
    const res = await asBuffer(
      request(t.app).get(`${EXPORT}?status=pending&q=godavari`).auth(customer.token, { type: "bearer" }),
    ).expect(200);
    const text = (await pdfPages(res.body as Buffer)).join("\n");
    expect(text).toContain("Samples: 1");
    expect(text).toContain("Search: godavari");
    expect(text).toContain("Amalāpuram");
    expect(text).not.toContain("Kākināda");
  });

  it("without a token: 401", async () => {
    await request(t.app).get(EXPORT).expect(401);
  });

  it.each([
    ["status=bogus", messages.statusFilterInvalid],
    ["from=2026-13-45", messages.dateInvalid],
    ["tz=Mars/Olympus", "Please choose a valid time zone."],
    ["from=2026-03-20&to=2026-03-01", messages.dateRangeInvalid],
  ])("bad query %s: 400 with a message, never a 500", async (query, message) => {
    const res = await request(t.app).get(`${EXPORT}?${query}`).auth(customer.token, { type: "bearer" });
    expect(res.status).toBe(400);
    const body = res.body as ErrorBody;
    expect(body.error).toBe(message);
  });

  it(`more than ${SAMPLE_EXPORT_PDF_MAX_ROWS} samples: 400 naming the cap and the count, no PDF`, async () => {
    const crowd = await signedInCustomer(t, "Big Farm");
    await t.database.db.execute(
      sql`insert into samples (organisation_id, customer_id, sampler_name, sampler_location, shrimp_category,
        test_types, shrimp_sub_category, phone_number)
        select (select organisation_id from customers where id = ${crowd.id}), ${crowd.id}, 'Pond ' || n, 'Nellore', 'Tiger Shrimp', array['Allergen Testing'], 'Allergen Testing',
          '+919848022338' from generate_series(1, ${SAMPLE_EXPORT_PDF_MAX_ROWS + 1}) as n`,
    );
    const res = await request(t.app).get(EXPORT).auth(crowd.token, { type: "bearer" }).expect(400);
    const body = res.body as ErrorBody;
    expect(body.error).toBe(
      `A PDF export holds at most ${SAMPLE_EXPORT_PDF_MAX_ROWS} samples and this selection has ${SAMPLE_EXPORT_PDF_MAX_ROWS + 1}. Please choose a shorter period or a status.`,
    );
    expect(res.headers["content-type"]).toMatch(/json/);
  });
});
