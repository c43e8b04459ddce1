// Status labels, badge colours, filter groups and the card rules (docs/product-rules.md, Statuses).
import { SAMPLE_STATUS_LABELS, type STATUS_GROUPS, type Sample, type SampleStatus } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

export type StatusFilter = "all" | keyof typeof STATUS_GROUPS;

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "collected", label: "Collected" },
  { value: "testing", label: "Testing" },
  { value: "completed", label: "Completed" },
  { value: "rejected", label: "Rejected" },
];

/** The catalogue key of a filter's label (the English labels above name the export files). */
export const STATUS_FILTER_KEYS: Record<StatusFilter, MessageKey<"samples">> = {
  all: "samples.filter.all",
  pending: "samples.filter.pending",
  collected: "samples.filter.collected",
  testing: "samples.filter.testing",
  completed: "samples.filter.completed",
  rejected: "samples.filter.rejected",
};

/** The `status` query parameter: a filter group, else all. */
export function parseStatusFilter(value: string | null): StatusFilter {
  const lower = value?.trim().toLowerCase() ?? "";
  if (lower === "processing") return "testing";
  return STATUS_FILTERS.some((filter) => filter.value === lower) ? (lower as StatusFilter) : "all";
}

export const statusFilterLabel = (filter: StatusFilter): string =>
  STATUS_FILTERS.find((entry) => entry.value === filter)?.label ?? "All";

export const statusLabel = (status: SampleStatus): string => SAMPLE_STATUS_LABELS[status];

/** Badge colours: pending blue, testing orange, completed green, rejected gray, the rest their own. */
export const STATUS_BADGE_CLASSES: Record<SampleStatus, string> = {
  PENDING: "bg-blue-100 text-blue-900",
  COLLECTING: "bg-indigo-100 text-indigo-900",
  COLLECTED: "bg-yellow-100 text-yellow-900",
  TESTING: "bg-orange-100 text-orange-900",
  COMPLETED: "bg-green-100 text-green-900",
  REJECTED: "bg-gray-100 text-gray-900",
};

/**
 * View Timeline: the sample is processing, testing or completed (PROCESSING is TESTING), or rejected
 * (the page carries the reasons, the notice and the way to send a new sample).
 */
export const canViewTimeline = (status: SampleStatus): boolean =>
  status === "TESTING" || status === "COMPLETED" || status === "REJECTED";

/** View Report: completed samples only. */
export const canViewReport = (status: SampleStatus): boolean => status === "COMPLETED";

export interface AssignedAgent {
  name: string;
  phone: string;
}

/** "agentName-phone", split on the last '-'; empty text: no agent. */
export function parseAssigned(assigned: string): AssignedAgent | null {
  const text = assigned.trim();
  if (!text) return null;
  const cut = text.lastIndexOf("-");
  if (cut < 0) return { name: text, phone: "" };
  return { name: text.slice(0, cut).trim(), phone: text.slice(cut + 1).trim() };
}

/** The Agent Assigned badge: COLLECTING or TESTING with an agent assigned. */
export function agentBadgeOf(sample: Pick<Sample, "status" | "assigned" | "testingEta">): {
  agent: AssignedAgent;
  canCall: boolean;
  testingEta: string | null;
} | null {
  if (sample.status !== "COLLECTING" && sample.status !== "TESTING") return null;
  const agent = parseAssigned(sample.assigned);
  if (!agent) return null;
  return {
    agent,
    canCall: sample.status === "COLLECTING" && agent.phone !== "",
    testingEta: sample.testingEta,
  };
}

/** A tel: link target: the digits and a leading +. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A sample's test types ("A, B", as the server joins them), each named by `name` (its translation). */
export const testTypeList = (text: string, name: (testType: string) => string): string =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(name)
    .join(", ");
