import { staff, staffResetCodes } from "@lab/db";
import { eq } from "drizzle-orm";

import type { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/app-error";
import { hashPassword } from "../../lib/passwords";
import { enqueueMail } from "../../mail/outbox";
import { staffPasswordResetMail, staffResetCodeMail } from "../../mail/staff-mails";
import type { DomainContext } from "../context";
import type { RevokedSessions } from "../../infra/sessions";
import { staffByEmail } from "./staff";
import { claimCodeRequest, judgeCode, newCode } from "../accounts/verification-codes";

/**
 * POST /lab/forgot-password: mails a reset code when the address is an active staff member's. Every
 * address (staff or not, active or not) gets the same answer and the same 60 s resend rule.
 */
export async function requestStaffPasswordReset(ctx: DomainContext, email: string): Promise<void> {
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    await claimCodeRequest(tx, now, email, "staff-reset");
    const member = await staffByEmail(tx, email);
    if (!member || !member.active) return;
    const { code, stored } = newCode(now);
    await tx
      .insert(staffResetCodes)
      .values({ staffId: member.id, ...stored })
      .onConflictDoUpdate({ target: staffResetCodes.staffId, set: stored });
    await enqueueMail(tx, staffResetCodeMail(member, code));
    effects.add("mailQueued");
  });
}

type ResetResult = { revoked: RevokedSessions } | { error: AppError };

/**
 * POST /lab/reset-password: the customer code's rules (single use, 300 s, three attempts). A good code
 * sets the password and ends every session of the member; a deactivated member's code is refused.
 */
export async function resetStaffPassword(
  ctx: DomainContext,
  input: { email: string; code: string; password: string },
): Promise<number> {
  // Hashed first, for a known address or not: the answer's timing tells nothing.
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const result = await ctx.unitOfWork(async (tx, effects): Promise<ResetResult> => {
    const member = await staffByEmail(tx, input.email);
    if (!member || !member.active) return { error: notFound("codeNotFound", "code_not_found") };
    const now = ctx.now();
    const own = eq(staffResetCodes.staffId, member.id);
    const [row] = await tx.select().from(staffResetCodes).where(own).for("update");
    const checked = await judgeCode(row, now, input.code, {
      spend: () => tx.delete(staffResetCodes).where(own),
      countWrong: (attempts) => tx.update(staffResetCodes).set({ attempts }).where(own),
    });
    if ("error" in checked) return checked;
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    await enqueueMail(tx, staffPasswordResetMail(member));
    effects.add("mailQueued");
    const revoked = await ctx.sessions.revokeAll(tx, "lab", member.id, now);
    effects.add("sessionsRevoked", revoked);
    return { revoked };
  });
  // Wrong attempts must be counted, so the transaction commits before the error is thrown.
  if ("error" in result) throw result.error;
  return result.revoked.sessionIds.length;
}
