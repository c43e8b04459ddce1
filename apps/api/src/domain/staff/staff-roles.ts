import { type StaffRole, message } from "@lab/contracts";
import { staff, type StaffRow } from "@lab/db";
import { eq } from "drizzle-orm";

import { forbidden, unauthorized } from "../../lib/app-error";
import type { DomainContext } from "../context";

/**
 * The signed-in staff member, if they hold the role: 403 `role_required` otherwise, and 403
 * `staff_deactivated` for an account an admin switched off. Read per call: a role taken away takes
 * effect at once, not at the token's expiry.
 */
export async function requireRole(ctx: DomainContext, staffId: number, role: StaffRole): Promise<StaffRow> {
  const [member] = await ctx.db.select().from(staff).where(eq(staff.id, staffId));
  if (!member) throw unauthorized();
  if (!member.active) throw forbidden("staffDeactivated", "staff_deactivated");
  if (!member.roles.includes(role)) throw forbidden(message("roleRequired", { role }), "role_required");
  return member;
}
