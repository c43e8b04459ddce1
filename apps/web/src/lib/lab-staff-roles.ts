// Staff roles in the console: who may do what, and how each role reads.
import type { Staff, StaffRole } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

/** Each role with what it does, by catalogue key. */
export const ROLE_LABELS: Record<StaffRole, MessageKey<"lab">> = {
  analyst: "lab.role.analyst",
  reviewer: "lab.role.reviewer",
  admin: "lab.role.admin",
};

export const ROLE_NAMES: Record<StaffRole, MessageKey<"lab">> = {
  analyst: "lab.roleName.analyst",
  reviewer: "lab.roleName.reviewer",
  admin: "lab.roleName.admin",
};

/**
 * Whether the signed-in staff member has the role. A session stored before staff had roles carries none:
 * the console then offers everything and the server decides.
 */
export const hasRole = (staff: Staff | undefined, role: StaffRole): boolean =>
  staff !== undefined && (staff.roles.length === 0 || staff.roles.includes(role));
