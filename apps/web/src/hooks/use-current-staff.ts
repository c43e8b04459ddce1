import type { Staff } from "@lab/contracts";

import { useLabSession } from "@/lib/lab-session";

import { useStaffMe } from "@/lib/api/get-staff-me";

/**
 * The signed-in staff member with their roles as the API has them now (GET /lab/staff/me), the
 * session's copy from sign-in until that answers or when it cannot.
 */
export function useCurrentStaff(): Staff | undefined {
  const session = useLabSession();
  const me = useStaffMe();
  if (!session) return undefined;
  if (me.data && me.data.id === session.staff.id) {
    return {
      id: me.data.id,
      email: me.data.email,
      name: me.data.name,
      roles: me.data.roles,
      language: session.staff.language,
    };
  }
  return session.staff;
}
