// Timeline stages and the Current Status box (docs/product-rules.md, Statuses).
import type { SampleStatus } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

export type StageState = "Completed" | "In Progress" | "Pending" | "Rejected" | "Not Done";

export interface TimelineStage {
  number: 1 | 2 | 3;
  title: string;
  description: string;
  titleKey: MessageKey<"samples">;
  descriptionKey: MessageKey<"samples">;
  state: StageState;
}

/** The catalogue key of a stage's state (the English words above are the spec's). */
export const STAGE_STATE_KEYS: Record<StageState, MessageKey<"samples">> = {
  Completed: "samples.timeline.state.completed",
  "In Progress": "samples.timeline.state.inProgress",
  Pending: "samples.timeline.state.pending",
  Rejected: "samples.timeline.state.rejected",
  "Not Done": "samples.timeline.state.stopped",
};

export const TIMELINE_STAGES = [
  {
    number: 1,
    title: "Initial Inspection",
    description: "The sample is received, checked and logged by the laboratory.",
    titleKey: "samples.timeline.stage1.title",
    descriptionKey: "samples.timeline.stage1.description",
  },
  {
    number: 2,
    title: "Laboratory Testing",
    description: "The requested tests run in our ISO 17025 accredited laboratory.",
    titleKey: "samples.timeline.stage2.title",
    descriptionKey: "samples.timeline.stage2.description",
  },
  {
    number: 3,
    title: "Final Review and Certification",
    description: "Results are reviewed and the report is certified.",
    titleKey: "samples.timeline.stage3.title",
    descriptionKey: "samples.timeline.stage3.description",
  },
] as const;

/**
 * Stage 1 is done unless PENDING or REJECTED, stage 2 when TESTING or COMPLETED, stage 3 when COMPLETED.
 */
export function stageDone(stage: 1 | 2 | 3, status: SampleStatus): boolean {
  if (stage === 1) return status !== "PENDING" && status !== "REJECTED";
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
  // Refused at reception: the inspection is where it stopped, nothing after it will run.
  if (status === "REJECTED") {
    return TIMELINE_STAGES.map((stage) =>
      stage.number === 1
        ? {
            ...stage,
            description:
              "Rejected at reception: the laboratory could not accept the sample, so it was not tested.",
            descriptionKey: "samples.timeline.stage1.rejected",
            state: "Rejected",
          }
        : { ...stage, state: "Not Done" },
    );
  }
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

/** The Current Status box, as a catalogue key. */
export function currentStatusKey(status: SampleStatus): MessageKey<"samples"> {
  switch (status) {
    case "COMPLETED":
      return "samples.timeline.current.completed";
    case "TESTING":
      return "samples.timeline.current.testing";
    case "COLLECTING":
    case "COLLECTED":
      return "samples.timeline.current.processing";
    case "PENDING":
      return "samples.timeline.current.received";
    case "REJECTED":
      return "samples.timeline.current.rejected";
  }
}

/** The Current Status box (the spec's English). */
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
    case "REJECTED":
      return "Rejected at Reception";
  }
}
