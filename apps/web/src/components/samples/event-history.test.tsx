import { describe, expect, it } from "vitest";

import { eventTitle } from "./event-history";

describe("eventTitle", () => {
  it("names agent moves and revokes in words, not as a status repeated", () => {
    expect(eventTitle({ from: "COLLECTING", to: "COLLECTING" })).toBe("Agent changed");
    expect(eventTitle({ from: "PENDING", to: "COLLECTING" })).toBe("Agent assigned (Collecting)");
    expect(eventTitle({ from: "COLLECTING", to: "PENDING" })).toBe("Agent unassigned (Pending)");
    expect(eventTitle({ from: "COMPLETED", to: "COMPLETED" })).toBe("Report revoked");
  });

  it("uses display labels: Collected, never the raw COLLECTED", () => {
    expect(eventTitle({ from: "COLLECTED", to: "TESTING" })).toBe("Collected → Testing");
    expect(eventTitle({ from: null, to: "PENDING" })).toBe("Submitted (Pending)");
  });
});
