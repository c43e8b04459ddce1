import { describe, expect, it } from "vitest";

import { render, screen } from "@testing-library/react";

import { EventHistory, eventTitle } from "./event-history";

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

  it("a confirmation event reads 'Confirmation testing', by its kind or, without one, by its note", () => {
    const note = "Confirmation testing: Chloramphenicol (screening 0.4 µg/kg ≥ cut-off 0.1) → LC-MS/MS";
    expect(eventTitle({ from: "TESTING", to: "TESTING", kind: "confirmation", note })).toBe(
      "Confirmation testing",
    );
    expect(eventTitle({ from: "TESTING", to: "TESTING", note })).toBe("Confirmation testing");
    expect(
      eventTitle({
        from: "COMPLETED",
        to: "COMPLETED",
        kind: "released",
        note: "Replacement report issued: NSP-CERT-2026-012",
      }),
    ).toBe("Replacement report issued");
    // A plain move keeps its words.
    expect(eventTitle({ from: "COLLECTED", to: "TESTING", kind: "move", note: null })).toBe(
      "Collected → Testing",
    );
  });
});

describe("EventHistory", () => {
  it("shows the confirmation event's title and its note to the customer", () => {
    render(
      <EventHistory
        events={[
          {
            id: 1,
            sampleId: 5,
            from: "TESTING",
            to: "TESTING",
            actor: "staff:2",
            by: "Ravi Analyst",
            note: "Confirmation testing: Chloramphenicol → LC-MS/MS",
            at: "2026-02-02T10:00:00.000Z",
            kind: "confirmation",
          },
        ]}
      />,
    );
    expect(screen.getByText("Confirmation testing")).toBeInTheDocument();
    expect(screen.getByText("Confirmation testing: Chloramphenicol → LC-MS/MS")).toBeInTheDocument();
  });
});
