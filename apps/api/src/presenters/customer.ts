import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type Customer,
  type LanguageCode,
  type Provider,
} from "@lab/contracts";
import type { SampleProviderRow } from "@lab/db";

import type { Account } from "../domain/accounts/verification-codes";

import { displayPhone } from "../lib/phone";
import { presentProvider } from "./provider";

/** A stored language column as a portal language: a value no longer offered reads English. */
export const storedLanguage = (value: string): LanguageCode =>
  isLanguageCode(value) ? value : DEFAULT_LANGUAGE;

/**
 * What of a customer leaves the server: never the password hash. `company` is the organisation's name,
 * as members of one organisation share it.
 */
export function presentCustomer(row: Account): Customer {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    company: row.organisation.name,
    phoneNumber: row.phoneNumber === null ? null : displayPhone(row.phoneNumber),
    phoneVerified: row.phoneVerifiedAt !== null && row.phoneNumber !== null,
    address: row.address,
    emailVerified: row.emailVerifiedAt !== null,
    defaultMarkets: row.defaultMarkets,
    language: storedLanguage(row.language),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    organisation: row.organisation,
    role: row.memberRole,
    scope: row.memberScope,
  };
}

/** GET /customers/{id}: the profile with the customer's sample providers. */
export function presentCustomerWithProviders(
  row: Account,
  providers: readonly SampleProviderRow[],
): Customer & { sampleProviders: Provider[] } {
  return { ...presentCustomer(row), sampleProviders: providers.map(presentProvider) };
}
