// The job list as the field screens share it: loaded once, kept while the app is open, loaded again
// on demand. A small store instead of TanStack Query keeps the /field shell light on a phone.
import { useEffect, useSyncExternalStore } from "react";

import { loadJobList, type JobList } from "../api/get-jobs";

export type JobListState =
  | { status: "pending"; fetching: boolean }
  | { status: "error"; error: unknown; fetching: boolean }
  | { status: "ready"; list: JobList; fetching: boolean };

const states = new Map<number, JobListState>();
const listeners = new Set<() => void>();
const PENDING: JobListState = { status: "pending", fetching: false };

const set = (agentId: number, state: JobListState) => {
  states.set(agentId, state);
  for (const listener of listeners) listener();
};

/** Loads the list again; the one shown stays until the answer comes. */
export async function reloadJobList(agentId: number): Promise<void> {
  const before = states.get(agentId) ?? PENDING;
  if (before.fetching) return;
  set(agentId, { ...before, fetching: true });
  try {
    set(agentId, { status: "ready", list: await loadJobList(agentId), fetching: false });
  } catch (error) {
    const now = states.get(agentId) ?? PENDING;
    // A list already shown stays (with its time); the first load shows the failure.
    set(
      agentId,
      now.status === "ready" ? { ...now, fetching: false } : { status: "error", error, fetching: false },
    );
  }
}

/** The agent's jobs: loaded on first use, then as kept. */
export function useJobList(agentId: number): JobListState & { refetch: () => Promise<void> } {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => states.get(agentId) ?? PENDING,
  );
  useEffect(() => {
    if (!states.has(agentId)) void reloadJobList(agentId);
  }, [agentId]);
  return { ...state, refetch: () => reloadJobList(agentId) };
}

/** Tests and sign-out: forget every list. */
export function forgetJobLists(): void {
  states.clear();
}
