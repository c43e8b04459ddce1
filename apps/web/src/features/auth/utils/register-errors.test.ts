import { describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";

import { registerErrorMessage } from "./register-errors";

describe("registration error texts", () => {
  it("registration: 400 server text or the default; others the registration default", () => {
    expect(registerErrorMessage(new ApiError(400, "x", undefined, { error: messages.passwordWeak }))).toBe(
      messages.passwordWeak,
    );
    expect(registerErrorMessage(new ApiError(400, "x", undefined, {}))).toBe("registrationInvalid");
    expect(registerErrorMessage(new Error("boom"))).toBe("registrationFailed");
  });
  it("a 503 shows the spec's 503 text on the registration form, not their generic failure", () => {
    const unavailable = new ApiError(503, messages.serviceUnavailable, "service_unavailable", {
      error: messages.serviceUnavailable,
    });
    expect(registerErrorMessage(unavailable)).toBe(messages.serviceUnavailable);
  });
});
