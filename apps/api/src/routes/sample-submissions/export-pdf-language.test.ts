// GET /api/sample-submissions/export.pdf in the account's language with English alongside, or in the
// language `lang` asks for.
import { customers } from "@lab/db";
import { messages, type ErrorBody } from "@lab/contracts";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { pdfPages } from "../../test/pdf-text";
import { submitSample } from "../../test/samples";

let t: TestApp;
let farmer: Awaited<ReturnType<typeof signedInCustomer>>;

const EXPORT = "/api/sample-submissions/export.pdf";

const asBuffer = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });

/** The characters of `expected` together in the text, in any order, spaces aside (pdf.js reads visual order). */
function holds(text: string, expected: string): boolean {
  const squash = (value: string) => [...value.normalize("NFD").replace(/\s+/g, "")];
  const haystack = squash(text);
  const needle = squash(expected);
  const want = [...needle].sort().join("");
  for (let start = 0; start + needle.length <= haystack.length; start += 1)
    if (
      haystack
        .slice(start, start + needle.length)
        .sort()
        .join("") === want
    )
      return true;
  return false;
}

beforeAll(async () => {
  t = await startTestApp();
  farmer = await signedInCustomer(t, "Venkata Ramana");
  await submitSample(t.app, farmer, { samplerName: "వెంకట రమణ", samplerLocation: "Bhimavaram" });
  await t.database.db.update(customers).set({ language: "te" }).where(eq(customers.id, farmer.id));
});
afterAll(async () => {
  await t.close();
});

const exportText = async (query: string) => {
  const res = await asBuffer(
    request(t.app).get(`${EXPORT}${query}`).auth(farmer.token, { type: "bearer" }),
  ).expect(200);
  return (await pdfPages(res.body as Buffer)).join("\n");
};

describe("GET /api/sample-submissions/export.pdf, languages", () => {
  it("a Telugu account's export: the English headings with the Telugu ones", async () => {
    const text = await exportText("?status=all");
    expect(text).toContain("Sample Summary Report / ");
    expect(holds(text, "నమూనాల సారాంశ నివేదిక")).toBe(true);
    expect(text).toContain("Sample ID");
    expect(holds(text, "నమూనా ID")).toBe(true);
    expect(text).toContain("Samples: 1");
    expect(holds(text, "నమూనాలు: 1")).toBe(true);
  });

  it("lang overrides the account's language", async () => {
    const text = await exportText("?lang=hi");
    expect(holds(text, "नमूना सारांश रिपोर्ट")).toBe(true);
    expect(holds(text, "నమూనాల సారాంశ నివేదిక")).toBe(false);
    const english = await exportText("?lang=en");
    expect(english).toContain("Sample Summary Report\n");
    expect(english).not.toContain("Sample Summary Report /");
  });

  it("an unknown lang is a 400 that says so, never a PDF", async () => {
    const res = await request(t.app).get(`${EXPORT}?lang=xx`).auth(farmer.token, { type: "bearer" });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error).toBe(messages.languageInvalid);
    expect(res.headers["content-type"]).toMatch(/json/);
  });
});
