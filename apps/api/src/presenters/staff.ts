import { STAFF_ROLES, type Staff, type StaffMember, type StaffRole } from "@lab/contracts";
import type { StaffRow } from "@lab/db";

import { storedLanguage } from "./customer";

const isRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The roles column as the contracts name them (an unknown stored value is dropped, never passed on). */
export const staffRoles = (roles: readonly string[]): StaffRole[] => roles.filter(isRole);

export function presentStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: staffRoles(row.roles),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The signed-in member as the console knows them (sign-in, refresh, PUT /lab/me). */
export function presentStaff(row: StaffRow): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: staffRoles(row.roles),
    language: storedLanguage(row.language),
  };
}
