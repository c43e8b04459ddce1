/**
 * The STOMP destinations of the real-time endpoint (/api/ws), for the server that sends to them and
 * the clients that subscribe. A user destination carries the customer's id; the broker refuses a
 * subscription to another customer's.
 */
export const STOMP_DESTINATIONS = {
  /** The server is going down for maintenance: clients say so and reconnect later. */
  shutdown: "/topic/system/shutdown",
  /** The instance lost or regained its fan-out, or a push failed: pushes may be missing, re-fetch. */
  resync: "/topic/system/resync",
  /** A sample of the subscriber's changed (the broker sends each customer only their own). */
  samples: "/topic/sample-submissions/updates",
  notifications: (userId: number | string) => `/user/${userId}/notifications`,
} as const;
