// Spec section 4, timeline stages and the Current Status box.
import type { SampleStatus } from "@lab/contracts";

export type StageState = "Completed" | "In Progress" | "Pending";

export interface TimelineStage {
  number: 1 | 2 | 3;
  title: string;
  description: string;
  state: StageState;
}

export const TIMELINE_STAGES = [
  {
    number: 1,
    title: "Initial Inspection",
    description: "The sample is received, checked and logged by the laboratory.",
  },
  {
    number: 2,
    title: "Laboratory Testing",
    description: "The requested tests run in our ISO 17025 accredited laboratory.",
  },
  {
    number: 3,
    title: "Final Review and Certification",
    description: "Results are reviewed and the report is certified.",
  },
] as const;

/** Stage 1 is done unless PENDING, stage 2 when TESTING or COMPLETED, stage 3 when COMPLETED. */
export function stageDone(stage: 1 | 2 | 3, status: SampleStatus): boolean {
  if (stage === 1) return status !== "PENDING";
  if (stage === 2) return status === "TESTING" || status === "COMPLETED";
  return status === "COMPLETED";
}

/** 3 for completed, 2 for testing (processing), otherwise 1. */
export function currentStage(status: SampleStatus): 1 | 2 | 3 {
  if (status === "COMPLETED") return 3;
  if (status === "TESTING") return 2;
  return 1;
}

export function timelineStages(status: SampleStatus): TimelineStage[] {
  const current = currentStage(status);
  return TIMELINE_STAGES.map((stage) => ({
    ...stage,
    state: stageDone(stage.number, status)
      ? "Completed"
      : stage.number === current
        ? "In Progress"
        : "Pending",
  }));
}

/** The Current Status box. */
export function currentStatusText(status: SampleStatus): string {
  switch (status) {
    case "COMPLETED":
      return "Testing Complete";
    case "TESTING":
      return "Currently Testing";
    case "COLLECTING":
    case "COLLECTED":
      return "Processing Sample";
    case "PENDING":
      return "Sample Received";
  }
}
