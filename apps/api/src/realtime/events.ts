import { STOMP_DESTINATIONS, type Notification, type Sample } from "@lab/contracts";

import type { Role } from "../lib/tokens";

/**
 * Why an instance asks its own sessions to re-fetch: its Redis fan-out went away or came back, or
 * publishing started failing or works again. Pushes may have been lost meanwhile; the database has
 * everything.
 */
export type ResyncReason = "fan-out-lost" | "fan-out-restored" | "publish-failed" | "publish-restored";

/**
 * What the real-time endpoint pushes, presented for the socket: the form that travels through Redis
 * and that the broker delivers.
 */
export type PushEvent =
  /** A sample as it now is: its organisation's members who may see it receive it (by role and scope). */
  | { kind: "sample"; customerId: number; organisationId: number; sample: Sample }
  | { kind: "notification"; customerId: number; notification: Notification }
  | { kind: "shutdown" }
  /** Local to one instance (never through Redis): its sessions should re-fetch. */
  | { kind: "resync"; reason: ResyncReason }
  /** Sessions ended by a password reset or change, an e-mail change or a sign-out: their sockets close. */
  | { kind: "sessions-revoked"; role: Role; subjectId: number; sessionIds: string[] };

export const DESTINATIONS = STOMP_DESTINATIONS;

/** The destination and JSON body an event is delivered with. */
export function pushFrame(event: Exclude<PushEvent, { kind: "sessions-revoked" }>): {
  destination: string;
  body: string;
} {
  switch (event.kind) {
    case "shutdown":
      return { destination: DESTINATIONS.shutdown, body: JSON.stringify({ reconnectAfterMs: 1000 }) };
    case "resync":
      return { destination: DESTINATIONS.resync, body: JSON.stringify({ reason: event.reason }) };
    case "sample":
      return { destination: DESTINATIONS.samples, body: JSON.stringify(event.sample) };
    case "notification":
      return {
        destination: DESTINATIONS.notifications(event.customerId),
        body: JSON.stringify(event.notification),
      };
  }
}
