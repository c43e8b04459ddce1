import type { Notification, Sample } from "@lab/contracts";

import type { Role } from "../lib/tokens";

/** What the real-time endpoint pushes; published after the transaction that caused it commits. */
export type RealtimeEvent =
  | { kind: "sample"; customerId: number; sample: Sample }
  | { kind: "notification"; customerId: number; notification: Notification }
  | { kind: "shutdown" }
  /** Sessions ended by a password reset or change, an e-mail change or a sign-out: their sockets close. */
  | { kind: "sessions-revoked"; role: Role; subjectId: number; sessionIds: string[] };

export const DESTINATIONS = {
  shutdown: "/topic/system/shutdown",
  samples: "/topic/sample-submissions/updates",
  notifications: (userId: number | string) => `/user/${userId}/notifications`,
} as const;
