import type { Notification, Sample } from "@lab/contracts";

/** What the real-time endpoint pushes; published after the transaction that caused it commits. */
export type RealtimeEvent =
  | { kind: "sample"; customerId: number; sample: Sample }
  | { kind: "notification"; customerId: number; notification: Notification }
  | { kind: "shutdown" };

export const DESTINATIONS = {
  shutdown: "/topic/system/shutdown",
  samples: "/topic/sample-submissions/updates",
  notifications: (userId: number | string) => `/user/${userId}/notifications`,
} as const;
