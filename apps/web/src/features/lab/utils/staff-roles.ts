// Staff roles in the console (issue 16): who may do what, and how each role reads.
import type { Staff, StaffRole } from "@lab/contracts";

export const ROLE_LABELS: Record<StaffRole, string> = {
  analyst: "Analyst (enters results)",
  reviewer: "Reviewer (releases reports)",
  admin: "Admin (staff and catalogue)",
};

export const ROLE_NAMES: Record<StaffRole, string> = {
  analyst: "Analyst",
  reviewer: "Reviewer",
  admin: "Admin",
};

/**
 * Whether the signed-in staff member has the role. A session from before issue 16 carries no roles:
 * the console then offers everything and the server decides.
 */
export const hasRole = (staff: Staff | undefined, role: StaffRole): boolean =>
  staff !== undefined && (staff.roles.length === 0 || staff.roles.includes(role));
