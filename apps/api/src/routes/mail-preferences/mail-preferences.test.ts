import { messages } from "@lab/contracts";
import { mailOptOuts } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createSigner } from "../../lib/signing";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// The app signs with a key derived from its JWT secret; the test signs the same way.
const signer = createSigner(TEST_JWT_SECRET);
const link = (email: string, signature = signer.sign("unsubscribe", email.toLowerCase())) =>
  `/api/mail/unsubscribe?${new URLSearchParams({ e: email, s: signature }).toString()}`;
const optedOut = async (email: string) =>
  (await t.database.db.select().from(mailOptOuts).where(eq(mailOptOuts.email, email))).length > 0;

describe("/api/mail/unsubscribe (RFC 8058 one-click)", () => {
  it("POST with the one-click form body records the lower-cased address; again is still 200", async () => {
    const res = await request(t.app)
      .post(link("Pond.Owner@Gmail.com"))
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: "pond.owner@gmail.com", unsubscribed: true });
    expect(await optedOut("pond.owner@gmail.com")).toBe(true);
    const again = await request(t.app).post(link("pond.owner@gmail.com")).send({});
    expect(again.status).toBe(200);
  });

  it("POST with JSON (the page's button) works too", async () => {
    const res = await request(t.app).post(link("page.button@gmail.com")).send({});
    expect(res.status).toBe(200);
    expect(await optedOut("page.button@gmail.com")).toBe(true);
  });

  it("a forged, foreign or missing signature is a 400 and records nothing", async () => {
    const forged = await request(t.app)
      .post(link("victim@gmail.com", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: "validation_failed", error: messages.unsubscribeLinkInvalid });
    // Another address's valid signature, and a signature of another purpose, do not pass either.
    const borrowed = await request(t.app).post(
      link("victim@gmail.com", signer.sign("unsubscribe", "me@gmail.com")),
    );
    expect(borrowed.status).toBe(400);
    const otherPurpose = await request(t.app).post(
      link("victim@gmail.com", signer.sign("cursor", "victim@gmail.com")),
    );
    expect(otherPurpose.status).toBe(400);
    const bare = await request(t.app)
      .post("/api/mail/unsubscribe")
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe(messages.unsubscribeLinkInvalid);
    const twice = await request(t.app).post("/api/mail/unsubscribe?e=a@gmail.com&e=b@gmail.com&s=x");
    expect(twice.status).toBe(400);
    expect(await optedOut("victim@gmail.com")).toBe(false);
  });

  it("GET never unsubscribes (mail scanners follow links): it sends the reader to the page with the button", async () => {
    const res = await request(t.app).get(link("scanned@gmail.com"));
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/unsubscribe\?e=scanned%40gmail\.com&s=[\w-]+$/);
    expect(await optedOut("scanned@gmail.com")).toBe(false);
  });
});
