import type { Customer } from "@lab/contracts";
import type { CustomerRow } from "@lab/db";

import { displayPhone } from "../lib/phone";

/** What of a customer leaves the server: never the password hash. */
export function presentCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    company: row.company,
    phoneNumber: row.phoneNumber === null ? null : displayPhone(row.phoneNumber),
    address: row.address,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
