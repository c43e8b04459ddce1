import { DASHBOARD_RECENT_ITEMS } from "@lab/contracts";

/**
 * The GETs (under /api) the signed-in shell and the dashboard make when they first show, so that a
 * cold visit can start them beside the code (app/preload.ts). A test renders both and holds this
 * list to what they really ask for.
 */
export const dashboardFirstRequests = (customerId: number): string[] => [
  `/customers/${customerId}`,
  "/notifications",
  "/sample-submissions/summary",
  `/sample-submissions?page=1&size=${DASHBOARD_RECENT_ITEMS}`,
];
