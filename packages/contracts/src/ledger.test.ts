import { describe, expect, it } from "vitest";

import { ledgerEmailSuccessMessage } from "./ledger";

describe("ledgerEmailSuccessMessage", () => {
  it("keeps the spec's text for several and says 'recipient' and 'report' for one", () => {
    expect(ledgerEmailSuccessMessage(2, 3)).toBe(
      "Email sent successfully to 2 recipients (with 3 reports attached)",
    );
    expect(ledgerEmailSuccessMessage(1, 1)).toBe(
      "Email sent successfully to 1 recipient (with 1 report attached)",
    );
    expect(ledgerEmailSuccessMessage(1, 0)).toBe("Email sent successfully to 1 recipient");
  });
});
