import { describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { SESSION_ENDED_MESSAGE } from "./provider";

describe("AppProvider", () => {
  it("its English fallback for an ended session is contracts' own text", () => {
    expect(SESSION_ENDED_MESSAGE).toBe(messages.sessionEnded);
  });
});
