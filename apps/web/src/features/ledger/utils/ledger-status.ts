// Spec sections 2 and 4: the ledger's status filter options and badge colours.
import type { SampleStatus } from "@lab/contracts";

/** The Status select: spec labels → the API's `status` values (groups or single statuses). */
export const LEDGER_STATUS_FILTERS = [
  { value: "all", label: "All Status" },
  { value: "pending", label: "Pending" },
  // The API reads "processing" as TESTING (its synonym), so Processing and Testing list the same rows.
  { value: "processing", label: "Processing" },
  { value: "testing", label: "Testing" },
  { value: "completed", label: "Completed" },
] as const;

export type LedgerStatusFilter = (typeof LEDGER_STATUS_FILTERS)[number]["value"];

export function parseLedgerStatusFilter(value: string): LedgerStatusFilter {
  return LEDGER_STATUS_FILTERS.find((entry) => entry.value === value)?.value ?? "all";
}

/**
 * Badge colours (spec section 4): PENDING blue, PROCESSING yellow, TESTING orange, COMPLETED green,
 * unknown gray. The spec names no colour for COLLECTING and COLLECTED: indigo and purple keep them
 * apart from the rest. Light backgrounds with 900 text pass axe contrast.
 */
const LEDGER_BADGE_CLASSES: Record<string, string> = {
  PENDING: "bg-blue-100 text-blue-900",
  COLLECTING: "bg-indigo-100 text-indigo-900",
  COLLECTED: "bg-purple-100 text-purple-900",
  PROCESSING: "bg-yellow-100 text-yellow-900",
  TESTING: "bg-orange-100 text-orange-900",
  COMPLETED: "bg-green-100 text-green-900",
};

export const UNKNOWN_BADGE_CLASSES = "bg-gray-100 text-gray-900";

export function ledgerBadgeClasses(status: string): string {
  return LEDGER_BADGE_CLASSES[status.toUpperCase()] ?? UNKNOWN_BADGE_CLASSES;
}

const LEDGER_STATUS_LABELS: Record<SampleStatus, string> = {
  PENDING: "Pending",
  COLLECTING: "Collecting",
  COLLECTED: "Collected",
  TESTING: "Testing",
  COMPLETED: "Completed",
};

export const ledgerStatusLabel = (status: SampleStatus): string => LEDGER_STATUS_LABELS[status] ?? status;
