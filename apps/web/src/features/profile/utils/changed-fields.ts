import type { Customer, UpdateProfileRequest } from "@lab/contracts";

export interface ProfileFormValues {
  fullName: string;
  email: string;
  company: string;
  phoneNumber: string;
  address: string;
}

export const profileFormValues = (customer: Customer): ProfileFormValues => ({
  fullName: customer.fullName,
  email: customer.email ?? "",
  company: customer.company ?? "",
  phoneNumber: customer.phoneNumber ?? "",
  address: customer.address ?? "",
});

/**
 * Only the fields whose (trimmed) value differs from the current customer. A cleared optional field
 * is sent as null.
 */
export function changedProfileFields(customer: Customer, values: ProfileFormValues): UpdateProfileRequest {
  const current = profileFormValues(customer);
  const changes: UpdateProfileRequest = {};
  const fullName = values.fullName.trim();
  const email = values.email.trim();
  if (fullName !== current.fullName.trim()) changes.fullName = fullName;
  if (email.toLowerCase() !== current.email.trim().toLowerCase()) changes.email = email;
  for (const key of ["company", "phoneNumber", "address"] as const) {
    const next = values[key].trim();
    if (next !== current[key].trim()) changes[key] = next === "" ? null : next;
  }
  return changes;
}
