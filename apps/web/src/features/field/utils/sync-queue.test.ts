import "fake-indexeddb/auto";
import { act, renderHook } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { CollectionFields, QueuedCollection } from "./field-db";
import { closeFieldDb, enqueueCollection, listQueue } from "./field-db";
import { flushQueue, nextRetryAt, RETRY_BASE_MS, SEND_CONCURRENCY } from "./sync-queue";
import { sendCollection } from "../api/send-collection";
import { useQueue } from "../hooks/use-queue";
import { FIELD_AGENT_KEY, FIELD_TOKEN_KEY, forgetAgentSession } from "./agent-session";
import { mockFetch, type MockRequest, type MockResponse } from "@/testing/mock-fetch";

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

/** The multipart body the app sent. */
function formOf(request: MockRequest): FormData {
  if (!(request.body instanceof FormData)) throw new Error("the collection was not sent as a form");
  return request.body;
}

/** The form's collection part, parsed. */
function fieldsSent(request: MockRequest): Record<string, unknown> & { sampleId: number } {
  const part = formOf(request).get("collection");
  if (typeof part !== "string") throw new Error("no collection part");
  const fields: unknown = JSON.parse(part);
  if (typeof fields !== "object" || fields === null || !("sampleId" in fields))
    throw new Error("no sampleId");
  return fields as Record<string, unknown> & { sampleId: number };
}

const sampleOf = (request: MockRequest) => fieldsSent(request).sampleId;

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve([...new Uint8Array(reader.result)])
        : reject(new Error("not read as bytes"));
    reader.onerror = () => reject(new Error("not read"));
    reader.readAsArrayBuffer(blob);
  });
}

/** An answer the test releases when it chooses: the sends it holds stay in flight until then. */
function held() {
  let release: (answer: MockResponse) => void = () => undefined;
  const answer = new Promise<MockResponse>((resolve) => (release = resolve));
  return { answer, release: (value: MockResponse) => release(value) };
}

beforeEach(async () => {
  await closeFieldDb();
  globalThis.indexedDB = new IDBFactory();
  signIn();
  // The requests go through fetch here, answered by mockFetch; the upload transport a browser uses
  // instead has its own test (api/upload-transport.test.ts).
  vi.stubGlobal("XMLHttpRequest", undefined);
});
afterEach(() => forgetAgentSession());

describe("field queue sync", () => {
  it("sends oldest first, each as a multipart form with its own Idempotency-Key and the agent's token; 201 and a 200 replay both empty the queue", async () => {
    const first = await enqueueCollection(fields(1), [], 1000);
    const second = await enqueueCollection(
      fields(2),
      [
        { kind: "seal", type: "image/webp", bytes: new Uint8Array([1, 2, 3]).buffer },
        { kind: "pond", type: "image/jpeg", bytes: new Uint8Array([4, 5]).buffer },
      ],
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
    // The browser writes the form's Content-Type with its boundary: the app must not set one.
    expect(requests[1]?.headers["Content-Type"]).toBeUndefined();
    const sent = requests[1];
    if (!sent) throw new Error("second not sent");
    // The saved fields and the phone's clock now; the photos are not in the JSON but beside it.
    const { sentAt, ...rest } = fieldsSent(sent);
    expect(Date.parse(String(sentAt))).not.toBeNaN();
    expect(rest).toEqual(fields(2));
    const form = formOf(sent);
    expect([...form.keys()]).toEqual(["collection", "seal", "pond"]);
    const [seal, pond] = [form.get("seal"), form.get("pond")];
    if (!(seal instanceof Blob) || !(pond instanceof Blob)) throw new Error("photos are not files");
    expect([seal.type, await bytesOf(seal)]).toEqual(["image/webp", [1, 2, 3]]);
    expect([pond.type, await bytesOf(pond)]).toEqual(["image/jpeg", [4, 5]]);
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

  it("a server failure (503) stops the round: nothing new starts, the order is kept, each waits with backoff; the same keys go on the retry", async () => {
    const first = await enqueueCollection(fields(1), [], 1000);
    const second = await enqueueCollection(fields(2), [], 2000);
    await enqueueCollection(fields(3), [], 3000);
    let down = true;
    const { requests } = mockFetch({
      "POST /api/field/collections": (request) =>
        down
          ? { status: 503, body: { error: "Service unavailable" } }
          : { status: 201, body: collection(sampleOf(request)) },
    });
    const now = 50_000;
    const result = await flushQueue(sendCollection, { force: true, now: () => now });
    expect(result).toEqual({ sent: 0, refused: 0, stopped: true });
    // The two in flight both failed; the third was not started.
    expect(requests.map(sampleOf)).toEqual([1, 2]);
    const queue = await listQueue();
    expect(queue.map((item) => [item.body.sampleId, item.state, item.attempts])).toEqual([
      [1, "waiting", 1],
      [2, "waiting", 1],
      [3, "waiting", 0],
    ]);
    const due = nextRetryAt(queue);
    expect(due).toBeGreaterThanOrEqual(now + RETRY_BASE_MS / 2);
    expect(due).toBeLessThanOrEqual(now + RETRY_BASE_MS);
    // A timer's round before the wait is over sends nothing.
    await flushQueue(sendCollection, { now: () => now + 1 });
    expect(requests).toHaveLength(2);
    down = false;
    await flushQueue(sendCollection, { force: true });
    expect(requests.map(sampleOf)).toEqual([1, 2, 1, 2, 3]);
    expect(requests[2]?.headers["Idempotency-Key"]).toBe(first.idempotencyKey);
    expect(requests[3]?.headers["Idempotency-Key"]).toBe(second.idempotencyKey);
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

  it("keeps two in flight, started oldest first, never one key twice at once; a refusal does not stop the other; the shown count follows", async () => {
    const items = [];
    for (let sample = 1; sample <= 5; sample += 1)
      items.push(await enqueueCollection(fields(sample), [], sample));
    const inFlight = new Map<number, ReturnType<typeof held>>();
    const keysInFlight = new Set<string>();
    let most = 0;
    const { requests } = mockFetch({
      "POST /api/field/collections": async (request) => {
        const key = request.headers["Idempotency-Key"] ?? "";
        expect(keysInFlight.has(key)).toBe(false);
        keysInFlight.add(key);
        const hold = held();
        inFlight.set(sampleOf(request), hold);
        most = Math.max(most, inFlight.size);
        const answer = await hold.answer;
        inFlight.delete(sampleOf(request));
        keysInFlight.delete(key);
        return answer;
      },
    });
    // Every count the queue panel would show, render by render.
    const counts: number[] = [];
    const shown = renderHook(() => {
      const queue = useQueue();
      if (queue) counts.push(queue.length);
      return queue;
    });
    await vi.waitFor(() => expect(shown.result.current).toHaveLength(5));
    const round = flushQueue(sendCollection, { force: true });

    await vi.waitFor(() => expect([...inFlight.keys()]).toEqual([1, 2]));
    // The second is refused while the first is still on its way: the next starts beside the first.
    await act(async () =>
      inFlight.get(2)?.release({
        status: 422,
        body: { error: "Give at least one seal number", messageCode: "seals_required", field: "seals" },
      }),
    );
    await vi.waitFor(() => expect([...inFlight.keys()]).toEqual([1, 3]));
    await act(async () => inFlight.get(1)?.release({ status: 201, body: collection(1) }));
    await vi.waitFor(() => expect([...inFlight.keys()]).toEqual([3, 4]));
    // Two answers together.
    await act(async () => {
      inFlight.get(4)?.release({ status: 201, body: collection(4) });
      inFlight.get(3)?.release({ status: 201, body: collection(3) });
    });
    await vi.waitFor(() => expect([...inFlight.keys()]).toEqual([5]));
    await act(async () => inFlight.get(5)?.release({ status: 201, body: collection(5) }));

    expect(await round).toEqual({ sent: 4, refused: 1, stopped: false });
    expect(most).toBe(SEND_CONCURRENCY);
    expect(requests.map(sampleOf)).toEqual([1, 2, 3, 4, 5]);
    const left = await listQueue();
    expect(left.map((item) => [item.id, item.state])).toEqual([[items[1]?.id, "refused"]]);
    await vi.waitFor(() => expect(shown.result.current).toHaveLength(1));
    // It only ever went down, by the sends as they ended: never an older read's larger count.
    expect(counts[0]).toBe(5);
    expect(counts.at(-1)).toBe(1);
    expect(counts.every((count, index) => index === 0 || count <= (counts[index - 1] ?? count))).toBe(true);
    shown.unmount();
  });

  it("takes a collection saved during the round in that round, after the ones before it", async () => {
    await enqueueCollection(fields(1), [], 1000);
    await enqueueCollection(fields(2), [], 2000);
    const inFlight = new Map<number, ReturnType<typeof held>>();
    const { requests } = mockFetch({
      "POST /api/field/collections": async (request) => {
        const hold = held();
        inFlight.set(sampleOf(request), hold);
        const answer = await hold.answer;
        inFlight.delete(sampleOf(request));
        return answer;
      },
    });
    const round = flushQueue(sendCollection, { force: true });
    await vi.waitFor(() => expect([...inFlight.keys()]).toEqual([1, 2]));
    await enqueueCollection(fields(3), [], 3000);
    inFlight.get(1)?.release({ status: 201, body: collection(1) });
    await vi.waitFor(() => expect([...inFlight.keys()]).toEqual([2, 3]));
    inFlight.get(2)?.release({ status: 201, body: collection(2) });
    inFlight.get(3)?.release({ status: 201, body: collection(3) });
    expect(await round).toEqual({ sent: 3, refused: 0, stopped: false });
    expect(requests.map(sampleOf)).toEqual([1, 2, 3]);
    expect(await listQueue()).toEqual([]);
  });

  it("starts the next body only once the last one has gone out, and keeps at most two in flight", async () => {
    for (let sample = 1; sample <= 4; sample += 1) await enqueueCollection(fields(sample), [], sample);
    const sends = new Map<number, { bodySent: () => void; answer: ReturnType<typeof held> }>();
    const started: number[] = [];
    // The send as the app's, with its body's progress in the test's hands.
    const send = async (item: QueuedCollection, bodySent: () => void) => {
      started.push(item.body.sampleId);
      const answer = held();
      sends.set(item.body.sampleId, { bodySent, answer });
      await answer.answer;
    };
    const round = flushQueue(send, { force: true });
    await vi.waitFor(() => expect(started).toEqual([1]));
    // The first body still on its way: the second waits, though a place is free.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started).toEqual([1]);
    sends.get(1)?.bodySent();
    await vi.waitFor(() => expect(started).toEqual([1, 2]));
    // Both in flight: the third waits for a place, even once the second's body is out.
    sends.get(2)?.bodySent();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started).toEqual([1, 2]);
    sends.get(1)?.answer.release({ status: 201 });
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3]));
    // A send that ends without saying its body went out frees the line too.
    sends.get(3)?.answer.release({ status: 201 });
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3, 4]));
    sends.get(4)?.bodySent();
    sends.get(2)?.answer.release({ status: 201 });
    sends.get(4)?.answer.release({ status: 201 });
    expect(await round).toEqual({ sent: 4, refused: 0, stopped: false });
    expect(await listQueue()).toEqual([]);
  });
});
