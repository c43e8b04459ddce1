import { createHash, randomBytes } from "node:crypto";

import { messages, type NewsletterStateResponse } from "@lab/contracts";
import { newsletterSubscriptions } from "@lab/db";
import { eq, isNotNull, isNull, or } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import { newsletterConfirmMail } from "../../mail/newsletter-mails";
import { enqueueMail } from "../../mail/outbox";
import type { DomainContext } from "../context";

const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

const linkRefused = () => notFound("newsletterLinkInvalid");

/**
 * Double opt-in, step one. A new, pending or unsubscribed address gets a fresh token (only its hash is
 * kept, so a database reader cannot confirm anyone) and a confirmation mail; an address already
 * confirmed is left alone and mailed nothing. The caller answers the same in every case, so the
 * answer does not tell whether an address subscribes.
 */
export async function subscribeToNewsletter(ctx: DomainContext, email: string): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  await ctx.unitOfWork(async (tx, effects) => {
    // One statement, so two requests at once for one address cannot both insert.
    const rows = await tx
      .insert(newsletterSubscriptions)
      .values({ email, tokenHash, createdAt: ctx.now() })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: { tokenHash, confirmedAt: null, unsubscribedAt: null },
        setWhere: or(
          isNull(newsletterSubscriptions.confirmedAt),
          isNotNull(newsletterSubscriptions.unsubscribedAt),
        ),
      })
      .returning({ id: newsletterSubscriptions.id });
    if (rows.length === 0) return;
    const query = `token=${encodeURIComponent(token)}`;
    await enqueueMail(
      tx,
      newsletterConfirmMail(
        email,
        `${ctx.publicUrl}/newsletter/confirm?${query}`,
        `${ctx.publicUrl}/newsletter/unsubscribe?${query}`,
      ),
    );
    effects.add("mailQueued");
  });
}

/** Step two: the mailed link's token confirms. Again is harmless; it also undoes an unsubscribe. */
export async function confirmNewsletter(ctx: DomainContext, token: string): Promise<NewsletterStateResponse> {
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.tokenHash, tokenHash));
  if (!row) throw linkRefused();
  if (!row.confirmedAt || row.unsubscribedAt) {
    await ctx.db
      .update(newsletterSubscriptions)
      .set({ confirmedAt: row.confirmedAt ?? ctx.now(), unsubscribedAt: null })
      .where(eq(newsletterSubscriptions.id, row.id));
  }
  return { email: row.email, status: "confirmed", message: messages.newsletterConfirmed };
}

/** The unsubscribe link (same token): stops the newsletter, confirmed or not. Again is harmless. */
export async function unsubscribeNewsletter(
  ctx: DomainContext,
  token: string,
): Promise<NewsletterStateResponse> {
  const [row] = await ctx.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.tokenHash, hashToken(token)));
  if (!row) throw linkRefused();
  if (!row.unsubscribedAt) {
    await ctx.db
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: ctx.now() })
      .where(eq(newsletterSubscriptions.id, row.id));
  }
  return { email: row.email, status: "unsubscribed", message: messages.newsletterUnsubscribed };
}
