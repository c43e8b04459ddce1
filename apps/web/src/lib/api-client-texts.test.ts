import { describe, expect, it } from "vitest";

import { httpErrorMessage, messages } from "@lab/contracts";

import { httpErrorText, specTexts } from "./api-client";

// The typecheck holds specTexts to contracts' messages; this holds the function too, at run time.
describe("api-client's copy of the spec's texts", () => {
  it("each text is contracts' own, and the HTTP failure text is the same", () => {
    for (const [name, text] of Object.entries(specTexts)) {
      expect(text, name).toBe(messages[name as keyof typeof specTexts]);
    }
    expect(httpErrorText(418)).toBe(httpErrorMessage(418));
  });
});
