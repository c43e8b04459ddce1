import type { Sample } from "@lab/contracts";
import type { Express } from "express";
import request from "supertest";

/** The spec's submission payload for a customer, with a plausible default sample. */
export const samplePayload = (consumerId: number, overrides: object = {}) => ({
  consumerId,
  samplerName: "Pond",
  samplerLocation: "Bhimavaram",
  coordinate: { lat: 16.5, lng: 81.5 },
  shrimpCategory: "Tiger Shrimp",
  testTypes: ["Allergen Testing"],
  phoneNumber: "9848022338",
  ...overrides,
});

/** Submits a sample as the customer through the API; answers the created sample. */
export async function submitSample(
  app: Express,
  who: { id: number; token: string },
  overrides: object = {},
): Promise<Sample> {
  const res = await request(app)
    .post("/api/sample-submissions")
    .auth(who.token, { type: "bearer" })
    .send(samplePayload(who.id, overrides))
    .expect(201);
  return res.body as Sample;
}

/** Waits until check() holds, polling; fails after ms. */
export async function until(check: () => boolean, ms = 8000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
