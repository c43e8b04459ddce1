// The phone's own store for the field app (IndexedDB): collections waiting to be sent, with their
// photos, and the last job list. It outlives the tab, a restart and a sign-out: a collection is the
// phone's until the server has it.
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

import type { CollectionInput, FieldJobs, PhotoKind } from "@lab/contracts";

export const FIELD_DB_NAME = "aquatest-field";

/** A photo as kept on the phone: already resized and compressed, as bytes (Safari-safe, unlike Blobs). */
export interface QueuedPhoto {
  kind: PhotoKind;
  type: string;
  bytes: ArrayBuffer;
}

/** What the server said when it refused an item, kept to show it and to let the agent fix it. */
export interface QueueError {
  status: number;
  message: string;
  messageCode?: string | undefined;
  params?: Readonly<Record<string, string | number>> | undefined;
  field?: string | undefined;
}

/** The collection's fields as saved; sentAt is added at each send, the photos go beside them. */
export type CollectionFields = Omit<CollectionInput, "sentAt" | "photos">;

export type QueueState = "waiting" | "sending" | "refused";

export interface QueuedCollection {
  id: string;
  idempotencyKey: string;
  body: CollectionFields;
  photos: QueuedPhoto[];
  /** Epoch milliseconds: the queue is sent oldest first. */
  createdAt: number;
  attempts: number;
  state: QueueState;
  lastError: QueueError | null;
  /** Epoch milliseconds before which an automatic retry waits (after a 5xx or no network). */
  nextAttemptAt: number | null;
}

export interface CachedJobs {
  key: "jobs";
  agentId: number;
  data: FieldJobs;
  savedAt: number;
}

interface FieldDb extends DBSchema {
  queue: { key: string; value: QueuedCollection; indexes: { createdAt: number } };
  cache: { key: string; value: CachedJobs };
}

let opening: Promise<IDBPDatabase<FieldDb>> | null = null;

function db(): Promise<IDBPDatabase<FieldDb>> {
  opening ??= openDB<FieldDb>(FIELD_DB_NAME, 1, {
    upgrade(database) {
      const queue = database.createObjectStore("queue", { keyPath: "id" });
      queue.createIndex("createdAt", "createdAt");
      database.createObjectStore("cache", { keyPath: "key" });
    },
  });
  opening.catch(() => (opening = null));
  return opening;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after every change of the queue (this tab). */
export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

/** Oldest first. */
export async function listQueue(): Promise<QueuedCollection[]> {
  return (await db()).getAllFromIndex("queue", "createdAt");
}

export async function getQueued(id: string): Promise<QueuedCollection | undefined> {
  return (await db()).get("queue", id);
}

export async function putQueued(item: QueuedCollection): Promise<void> {
  await (await db()).put("queue", item);
  changed();
}

export async function updateQueued(id: string, patch: Partial<QueuedCollection>): Promise<void> {
  const database = await db();
  const tx = database.transaction("queue", "readwrite");
  const item = await tx.store.get(id);
  if (item) await tx.store.put({ ...item, ...patch, id });
  await tx.done;
  changed();
}

export async function removeQueued(id: string): Promise<void> {
  await (await db()).delete("queue", id);
  changed();
}

/**
 * A new collection, in the queue before any attempt to send it: its Idempotency-Key is made now and
 * kept for every retry, so a collection sent twice is one collection.
 */
export async function enqueueCollection(
  body: CollectionFields,
  photos: QueuedPhoto[],
  now = Date.now(),
): Promise<QueuedCollection> {
  const item: QueuedCollection = {
    id: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
    body,
    photos,
    createdAt: now,
    attempts: 0,
    state: "waiting",
    lastError: null,
    nextAttemptAt: null,
  };
  await putQueued(item);
  return item;
}

/**
 * An item the server refused, edited by the agent: new fields mean a new request, so a new key
 * (the refused one was never written). It keeps its place in the queue.
 */
export async function replaceQueued(
  id: string,
  body: CollectionFields,
  photos: QueuedPhoto[],
): Promise<void> {
  await updateQueued(id, {
    body,
    photos,
    idempotencyKey: crypto.randomUUID(),
    state: "waiting",
    lastError: null,
    nextAttemptAt: null,
    attempts: 0,
  });
}

export async function saveJobs(agentId: number, data: FieldJobs, now = Date.now()): Promise<void> {
  await (await db()).put("cache", { key: "jobs", agentId, data, savedAt: now });
}

/** The last job list this agent loaded on this phone. */
export async function savedJobs(agentId: number): Promise<CachedJobs | undefined> {
  const saved = await (await db()).get("cache", "jobs");
  return saved?.agentId === agentId ? saved : undefined;
}

/** Tests: close and forget the connection, so a fresh database can be opened. */
export async function closeFieldDb(): Promise<void> {
  const open = opening;
  opening = null;
  if (open) (await open.catch(() => null))?.close();
}
