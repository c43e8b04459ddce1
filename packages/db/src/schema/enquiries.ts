import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** An enquiry sent through the landing page's contact form; staff read them in the lab console. */
export const contactEnquiries = pgTable(
  "contact_enquiries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    firstName: text().notNull(),
    lastName: text().notNull().default(""),
    email: text().notNull(),
    phone: text().notNull().default(""),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when a staff member marks it handled. */
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("contact_enquiries_created_idx").on(t.createdAt, t.id)],
);

/**
 * The blog's newsletter, with double opt-in: a row is written unconfirmed with the hash of the token
 * mailed to the address; it counts as a subscriber only once confirmedAt is set.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text().notNull(),
    /** sha256 (hex) of the confirmation token last mailed. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_idx").on(t.email),
    index("newsletter_subscriptions_token_idx").on(t.tokenHash),
  ],
);

export type ContactEnquiryRow = typeof contactEnquiries.$inferSelect;
export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
