import type { Agent } from "@lab/contracts";
import type { AgentRow } from "@lab/db";

import { displayPhone } from "../lib/phone";

export function presentAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    phone: displayPhone(row.phone),
    active: row.active,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
}
