// The real-time connection state for the bell, kept outside the lazily loaded client so the shell
// can show it before (and without) the client's code.
import { useSyncExternalStore } from "react";

import type { RealtimeState } from "@/lib/realtime";

let status: RealtimeState = "disconnected";
const listeners = new Set<() => void>();

export function setConnectionStatus(next: RealtimeState): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function getConnectionStatus(): RealtimeState {
  return status;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionStatus(): RealtimeState {
  return useSyncExternalStore(subscribe, getConnectionStatus, getConnectionStatus);
}
