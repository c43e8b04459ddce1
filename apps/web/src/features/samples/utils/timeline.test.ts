import { describe, expect, it } from "vitest";

import { currentStage, currentStatusKey, currentStatusText, timelineStages } from "./timeline";

const states = (status: Parameters<typeof timelineStages>[0]) =>
  timelineStages(status).map((stage) => stage.state);

describe("timeline stages", () => {
  it("titles: Initial Inspection, Laboratory Testing, Final Review and Certification", () => {
    expect(timelineStages("PENDING").map((stage) => stage.title)).toEqual([
      "Initial Inspection",
      "Laboratory Testing",
      "Final Review and Certification",
    ]);
  });

  it("PENDING: stage 1 in progress, the rest pending; 'Sample Received'", () => {
    expect(states("PENDING")).toEqual(["In Progress", "Pending", "Pending"]);
    expect(currentStatusText("PENDING")).toBe("Sample Received");
  });

  it.each(["COLLECTING", "COLLECTED"] as const)("%s: stage 1 completed; 'Processing Sample'", (status) => {
    expect(states(status)).toEqual(["Completed", "Pending", "Pending"]);
    expect(currentStage(status)).toBe(1);
    expect(currentStatusText(status)).toBe("Processing Sample");
  });

  it("TESTING: stages 1 and 2 completed, current stage 2; 'Currently Testing'", () => {
    expect(states("TESTING")).toEqual(["Completed", "Completed", "Pending"]);
    expect(currentStage("TESTING")).toBe(2);
    expect(currentStatusText("TESTING")).toBe("Currently Testing");
  });

  it("COMPLETED: every stage completed, current stage 3; 'Testing Complete'", () => {
    expect(states("COMPLETED")).toEqual(["Completed", "Completed", "Completed"]);
    expect(currentStage("COMPLETED")).toBe(3);
    expect(currentStatusText("COMPLETED")).toBe("Testing Complete");
  });

  it("REJECTED: stops at the inspection, rejected at reception; the later stages are not done", () => {
    const stages = timelineStages("REJECTED");
    expect(stages.map((stage) => stage.state)).toEqual(["Rejected", "Not Done", "Not Done"]);
    expect(stages[0]?.descriptionKey).toBe("samples.timeline.stage1.rejected");
    expect(currentStatusText("REJECTED")).toBe("Rejected at Reception");
    expect(currentStatusKey("REJECTED")).toBe("samples.timeline.current.rejected");
  });
});
