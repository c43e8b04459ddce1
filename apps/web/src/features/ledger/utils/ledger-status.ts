// The ledger's status filter options and badge colours (docs/product-rules.md, Statuses).
import type { SampleStatus } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

/** The Status select: the API's `status` values (groups or single statuses) and their labels' keys. */
export const LEDGER_STATUS_FILTERS = [
  { value: "all", label: "account.ledger.filter.all" },
  { value: "pending", label: "account.ledger.filter.pending" },
  // The API reads "processing" as TESTING (its synonym), so Processing and Testing list the same rows.
  { value: "processing", label: "account.ledger.filter.processing" },
  { value: "testing", label: "account.ledger.filter.testing" },
  { value: "completed", label: "account.ledger.filter.completed" },
  { value: "rejected", label: "account.ledger.filter.rejected" },
] as const satisfies readonly { value: string; label: MessageKey<"account"> }[];

export type LedgerStatusFilter = (typeof LEDGER_STATUS_FILTERS)[number]["value"];

export function parseLedgerStatusFilter(value: string): LedgerStatusFilter {
  return LEDGER_STATUS_FILTERS.find((entry) => entry.value === value)?.value ?? "all";
}

/**
 * Badge colours: PENDING blue, PROCESSING yellow, TESTING orange, COMPLETED green, REJECTED and unknown gray.
 * The product names no colour for COLLECTING and COLLECTED: indigo and purple keep them
 * apart from the rest. Light backgrounds with 900 text pass axe contrast.
 */
const LEDGER_BADGE_CLASSES: Record<string, string> = {
  PENDING: "bg-blue-100 text-blue-900",
  COLLECTING: "bg-indigo-100 text-indigo-900",
  COLLECTED: "bg-purple-100 text-purple-900",
  PROCESSING: "bg-yellow-100 text-yellow-900",
  TESTING: "bg-orange-100 text-orange-900",
  COMPLETED: "bg-green-100 text-green-900",
  REJECTED: "bg-gray-100 text-gray-900",
};

export const UNKNOWN_BADGE_CLASSES = "bg-gray-100 text-gray-900";

export function ledgerBadgeClasses(status: string): string {
  return LEDGER_BADGE_CLASSES[status.toUpperCase()] ?? UNKNOWN_BADGE_CLASSES;
}

/** The catalogue key of a status's badge label. */
export const ledgerStatusKey = (status: SampleStatus): MessageKey<"account"> =>
  `account.ledger.statusName.${status}`;
