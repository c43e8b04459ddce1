import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type Customer,
  type LanguageCode,
  type Provider,
} from "@lab/contracts";
import type { CustomerRow, SampleProviderRow } from "@lab/db";

import { displayPhone } from "../lib/phone";
import { presentProvider } from "./provider";

/** A stored language column as a portal language: a value no longer offered reads English. */
export const storedLanguage = (value: string): LanguageCode =>
  isLanguageCode(value) ? value : DEFAULT_LANGUAGE;

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
    defaultMarkets: row.defaultMarkets,
    language: storedLanguage(row.language),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /customers/{id}: the profile with the customer's sample providers. */
export function presentCustomerWithProviders(
  row: CustomerRow,
  providers: readonly SampleProviderRow[],
): Customer & { sampleProviders: Provider[] } {
  return { ...presentCustomer(row), sampleProviders: providers.map(presentProvider) };
}
