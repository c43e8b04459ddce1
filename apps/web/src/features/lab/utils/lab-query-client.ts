import { createQueryClient } from "@/lib/query-client";

import { endLabSession } from "./lab-session";

/** The console's own cache, emptied when the staff member signs out. */
export const labQueryClient = createQueryClient();

export function signOutLab(): void {
  endLabSession("user");
  labQueryClient.clear();
}
