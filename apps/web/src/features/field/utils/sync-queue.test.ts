import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { CollectionFields } from "./field-db";
import { closeFieldDb, enqueueCollection, listQueue } from "./field-db";
import { flushQueue, nextRetryAt, RETRY_BASE_MS } from "./sync-queue";
import { sendCollection } from "../api/send-collection";
import { FIELD_AGENT_KEY, FIELD_TOKEN_KEY, forgetAgentSession } from "./agent-session";
import { mockFetch, type MockRequest } from "@/testing/mock-fetch";

const fields = (sampleId: number): CollectionFields => ({
  sampleId,
  collectedAt: "2026-11-28T06:00:00.000Z",
  position: { lat: 16.5, lng: 81.5, accuracyM: 8 },
  distanceReason: null,
  seals: ["S-1"],
  containers: 1,
  quantity: 20,
  quantityUnit: "count",
  waterTempC: 28,
  sampleTempC: 4,
  coldChain: "ice",
  farmerName: "Ravi",
  note: null,
  labels: [],
});

const collection = (sampleId: number) => ({
  id: sampleId * 10,
  sampleId,
  agent: { id: 7, name: "Agent" },
  collectedAt: "2026-11-28T06:00:00.000Z",
  receivedAt: "2026-11-28T06:00:01.000Z",
  clockSkewMs: 0,
  position: { lat: 16.5, lng: 81.5, accuracyM: 8 },
  distanceM: 40,
  distanceFrom: "pond",
  radiusM: 300,
  distanceReason: null,
  seals: ["S-1"],
  containers: 1,
  quantity: 20,
  quantityUnit: "count",
  waterTempC: 28,
  sampleTempC: 4,
  coldChain: "ice",
  farmerName: "Ravi",
  note: null,
  labels: [],
  photos: [],
});

const signIn = () => {
  localStorage.setItem(FIELD_AGENT_KEY, JSON.stringify({ id: 7, name: "Agent", phone: "+919800000000" }));
  localStorage.setItem(
    FIELD_TOKEN_KEY,
    JSON.stringify({ value: "agent-token", tokenType: "Bearer", expiresAt: Date.now() + 600_000 }),
  );
  forgetAgentSession();
};

const sampleOf = (request: MockRequest) => (request.body as { sampleId: number }).sampleId;

beforeEach(async () => {
  await closeFieldDb();
  globalThis.indexedDB = new IDBFactory();
  signIn();
});
afterEach(() => forgetAgentSession());

describe("field queue sync", () => {
  it("sends oldest first with each item's own Idempotency-Key and the agent's token; 201 and a 200 replay both empty the queue", async () => {
    const first = await enqueueCollection(fields(1), [], 1000);
    const second = await enqueueCollection(
      fields(2),
      [{ kind: "seal", type: "image/jpeg", bytes: new Uint8Array([1, 2, 3]).buffer }],
      2000,
    );
    const { requests } = mockFetch({
      "POST /api/field/collections": (request) => ({
        // The second was written by an earlier attempt whose answer was lost: the server replays it.
        status: sampleOf(request) === 2 ? 200 : 201,
        body: collection(sampleOf(request)),
      }),
    });
    const result = await flushQueue(sendCollection, { force: true });
    expect(result).toEqual({ sent: 2, refused: 0, stopped: false });
    expect(requests.map(sampleOf)).toEqual([1, 2]);
    expect(requests.map((request) => request.headers["Idempotency-Key"])).toEqual([
      first.idempotencyKey,
      second.idempotencyKey,
    ]);
    expect(requests[0]?.headers.Authorization).toBe("Bearer agent-token");
    const body = requests[1]?.body as { sentAt: string; photos: { kind: string; data: string }[] };
    expect(Date.parse(body.sentAt)).not.toBeNaN();
    expect(body.photos).toEqual([{ kind: "seal", data: "AQID" }]);
    expect(await listQueue()).toEqual([]);
  });

  it("a refusal (422) keeps that item with the server's message for the agent and still sends the next", async () => {
    await enqueueCollection(fields(1), [], 1000);
    await enqueueCollection(fields(2), [], 2000);
    const { requests } = mockFetch({
      "POST /api/field/collections": (request) =>
        sampleOf(request) === 1
          ? {
              status: 422,
              body: {
                error: "Give at least one seal number",
                code: "validation_failed",
                messageCode: "seals_required",
                field: "seals",
              },
            }
          : { status: 201, body: collection(2) },
    });
    const result = await flushQueue(sendCollection, { force: true });
    expect(result).toEqual({ sent: 1, refused: 1, stopped: false });
    expect(requests).toHaveLength(2);
    const [left] = await listQueue();
    expect(left?.body.sampleId).toBe(1);
    expect(left?.state).toBe("refused");
    expect(left?.lastError).toMatchObject({ status: 422, messageCode: "seals_required", field: "seals" });
    // A refused item waits for the agent: a later round does not send it again.
    await flushQueue(sendCollection, { force: true });
    expect(requests).toHaveLength(2);
  });

  it("a server failure (503) stops the round, keeps the order and waits with backoff; the same key goes on the retry", async () => {
    const first = await enqueueCollection(fields(1), [], 1000);
    await enqueueCollection(fields(2), [], 2000);
    let down = true;
    const { requests } = mockFetch({
      "POST /api/field/collections": (request) =>
        down
          ? { status: 503, body: { error: "Service unavailable" } }
          : { status: 201, body: collection(sampleOf(request)) },
    });
    const now = 50_000;
    const result = await flushQueue(sendCollection, { force: true, now: () => now });
    expect(result.stopped).toBe(true);
    expect(requests.map(sampleOf)).toEqual([1]);
    const queue = await listQueue();
    expect(queue.map((item) => [item.body.sampleId, item.state, item.attempts])).toEqual([
      [1, "waiting", 1],
      [2, "waiting", 0],
    ]);
    const due = nextRetryAt(queue);
    expect(due).toBeGreaterThanOrEqual(now + RETRY_BASE_MS / 2);
    expect(due).toBeLessThanOrEqual(now + RETRY_BASE_MS);
    // A timer's round before the wait is over sends nothing.
    await flushQueue(sendCollection, { now: () => now + 1 });
    expect(requests).toHaveLength(1);
    down = false;
    await flushQueue(sendCollection, { force: true });
    expect(requests.map(sampleOf)).toEqual([1, 1, 2]);
    expect(requests[1]?.headers["Idempotency-Key"]).toBe(first.idempotencyKey);
    expect(await listQueue()).toEqual([]);
  });

  it("no network: nothing is lost, the item waits for the next round", async () => {
    await enqueueCollection(fields(3), [], 1000);
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const result = await flushQueue(sendCollection, { force: true });
    expect(result).toEqual({ sent: 0, refused: 0, stopped: true });
    const [left] = await listQueue();
    expect(left).toMatchObject({ state: "waiting", attempts: 1, lastError: { status: 0 } });
  });

  it("survives a reopen: a queue written before the page closed is read back from IndexedDB", async () => {
    await enqueueCollection(
      fields(4),
      [{ kind: "pond", type: "image/jpeg", bytes: new Uint8Array([9]).buffer }],
      1000,
    );
    await closeFieldDb();
    const [kept] = await listQueue();
    expect(kept?.body.sampleId).toBe(4);
    expect(new Uint8Array(kept?.photos[0]?.bytes ?? new ArrayBuffer(0))).toEqual(new Uint8Array([9]));
  });
});
