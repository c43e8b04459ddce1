import type { MemberRole, MemberScope } from "@lab/contracts";

import { useUser } from "./auth";

/** What the signed-in member may do, read from the stored customer (the server checks each call). */
export interface MembershipView {
  organisationId: number;
  organisationName: string;
  role: MemberRole;
  scope: MemberScope;
  isAdmin: boolean;
  /** Sees samples, reports, the ledger and providers (every role but billing). */
  readsSamples: boolean;
  /** Submits samples, edits providers, shares by e-mail (admin and full). */
  writesSamples: boolean;
}

// The same rule as contracts' canReadSamples/canWriteSamples, without importing that module's zod
// schemas into the first screen's bundle.
const READERS: Record<MemberRole, boolean> = { admin: true, full: true, results: true, billing: false };
const WRITERS: Record<MemberRole, boolean> = { admin: true, full: true, results: false, billing: false };

export function membershipOf(user: {
  organisation: { id: number; name: string };
  role: MemberRole;
  scope: MemberScope;
}): MembershipView {
  return {
    organisationId: user.organisation.id,
    organisationName: user.organisation.name,
    role: user.role,
    scope: user.scope,
    isAdmin: user.role === "admin",
    readsSamples: READERS[user.role],
    writesSamples: WRITERS[user.role],
  };
}

/** The signed-in member's role and scope; null when nobody is signed in. */
export function useMembership(): MembershipView | null {
  const user = useUser();
  return user ? membershipOf(user) : null;
}
