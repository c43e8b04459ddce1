import { customers, organisations, type CustomerRow, type Executor } from "@lab/db";
import { eq } from "drizzle-orm";

import type { Member } from "../domain/organisations/access";

type CustomerValues = Omit<typeof customers.$inferInsert, "organisationId"> & { organisationId?: number };

/** An organisation written directly, as registration would create it for its first member. */
export async function insertOrganisation(
  db: Executor,
  values: Partial<typeof organisations.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(organisations)
    .values({ name: "Sri Lakshmi Aqua Farms", ...values })
    .returning({ id: organisations.id });
  if (!row) throw new Error("no organisation");
  return row.id;
}

/**
 * A customer written directly: the admin (scope all) of an organisation of their own, made first and
 * named after the company or the person, unless `organisationId` names one that exists.
 */
export async function insertCustomerWithOrganisation(
  db: Executor,
  values: CustomerValues,
): Promise<CustomerRow> {
  const organisationId =
    values.organisationId ??
    (await insertOrganisation(db, {
      name: values.company ?? values.fullName,
      ...(values.language === undefined ? {} : { language: values.language }),
    }));
  const [row] = await db
    .insert(customers)
    .values({ ...values, organisationId })
    .returning();
  if (!row) throw new Error("no customer");
  return row;
}

/** The domain's view of a customer row as a signed-in member. */
export const memberFrom = (
  row: Pick<CustomerRow, "id" | "organisationId" | "memberRole" | "memberScope">,
): Member => ({
  id: row.id,
  organisationId: row.organisationId,
  role: row.memberRole,
  scope: row.memberScope,
});

/** The member a customer id stands for, read from the database (e.g. one signed up through the API). */
export async function memberById(db: Executor, id: number): Promise<Member> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw new Error(`no customer ${String(id)}`);
  return memberFrom(row);
}
