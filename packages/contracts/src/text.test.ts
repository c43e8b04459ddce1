import { describe, expect, it } from "vitest";

import { messages } from "./messages";
import { assignRequestSchema } from "./lab";
import { providerInputSchema } from "./providers";
import { sampleListQuerySchema, sampleSubmissionSchema } from "./samples";
import { idSchema, isStorableText, text } from "./text";

describe("text()", () => {
  it("refuses NUL and lone surrogates, keeps paired ones (emoji)", () => {
    expect(isStorableText("Ravi 🦐")).toBe(true);
    for (const bad of ["a\u0000b", "a\ud800", "\udc00a", "\ud800\ud800\udc00"]) {
      expect(isStorableText(bad)).toBe(false);
      expect(text().safeParse(bad).error?.issues[0]?.message).toBe(messages.textInvalid);
    }
  });

  it("reaches farmers' names and the list's q", () => {
    const provider = { samplerName: "A", phoneNumber: "9848022338", farmers: [{ name: "Ravi \ud800" }] };
    expect(providerInputSchema.safeParse(provider).success).toBe(false);
    expect(sampleListQuerySchema.safeParse({ q: "a\u0000" }).success).toBe(false);
  });
});

describe("ids", () => {
  it("are int4: 1..2147483647", () => {
    expect(idSchema().safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, 9_007_199_254_740_991]) {
      expect(idSchema().safeParse(bad).error?.issues[0]?.message).toBe(messages.idOutOfRange);
    }
    expect(assignRequestSchema.safeParse({ agentId: 9_007_199_254_740_991 }).success).toBe(false);
    expect(sampleSubmissionSchema.safeParse({ consumerId: "2147483648" }).success).toBe(false);
  });
});

describe("list dates", () => {
  it("must exist", () => {
    expect(sampleListQuerySchema.safeParse({ from: "2024-02-29" }).success).toBe(true);
    for (const bad of ["2026-02-31", "2025-02-29", "2026-13-01", "2026-04-31"]) {
      expect(sampleListQuerySchema.safeParse({ from: bad }).error?.issues[0]?.message).toBe(
        messages.dateInvalid,
      );
    }
  });
});
