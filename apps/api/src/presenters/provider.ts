import type { Provider } from "@lab/contracts";
import type { FarmerRecord, SampleProviderRow } from "@lab/db";

import { displayPhone } from "../lib/phone";

const point = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? { lat, lng } : null;
const phoneOrNull = (value: string | null) => (value === null ? null : displayPhone(value));

function presentFarmer(farmer: FarmerRecord): Provider["farmers"][number] {
  return {
    name: farmer.name,
    phoneNumber: displayPhone(farmer.phoneNumber),
    altPhoneNumber: phoneOrNull(farmer.altPhoneNumber),
    location: farmer.location,
    address: farmer.address,
    coordinates: point(farmer.lat, farmer.lng),
    placeId: farmer.placeId,
  };
}

export function presentProvider(row: SampleProviderRow): Provider {
  return {
    id: row.id,
    customerId: row.customerId,
    samplerName: row.samplerName,
    userType: row.userType,
    phoneNumber: displayPhone(row.phoneNumber),
    altPhoneNumber: phoneOrNull(row.altPhoneNumber),
    location: row.location,
    address: row.address,
    coordinates: point(row.lat, row.lng),
    placeId: row.placeId,
    farmers: row.farmers.map(presentFarmer),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
