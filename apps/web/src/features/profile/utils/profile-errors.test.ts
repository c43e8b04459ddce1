import { describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";

import { profileErrorMessage } from "./profile-errors";

describe("profile error texts", () => {
  it("profile: 404 and 415 use the screen's texts", () => {
    expect(profileErrorMessage(new ApiError(404, messages.customerNotFound), "load")).toBe("profileNotFound");
    expect(profileErrorMessage(new ApiError(415, "x"), "update")).toBe("profileInvalidFormat");
    expect(profileErrorMessage(new Error("x"), "load")).toBe("profileLoadFailed");
  });
  it("a 503 shows the spec's 503 text on the profile form, not their generic failure", () => {
    const unavailable = new ApiError(503, messages.serviceUnavailable, "service_unavailable", {
      error: messages.serviceUnavailable,
    });
    expect(profileErrorMessage(unavailable, "load")).toBe(messages.serviceUnavailable);
    expect(profileErrorMessage(unavailable, "update")).toBe(messages.serviceUnavailable);
  });
});
