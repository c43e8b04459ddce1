import { createQueryClient } from "@/lib/query-client";

import { endLabSession, type LabSignOutReason } from "./lab-session";

/** The console's own cache, emptied when the staff member signs out. */
export const labQueryClient = createQueryClient();

export function signOutLab(reason: Extract<LabSignOutReason, "user" | "everywhere"> = "user"): void {
  endLabSession(reason);
  labQueryClient.clear();
}
