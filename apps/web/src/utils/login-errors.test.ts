import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";

import { loginErrorMessage } from "./login-errors";

describe("login error texts", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    [401, messages.invalidCredentials],
    [500, messages.serverError],
    [502, messages.serviceTemporarilyUnavailable],
    [503, messages.serviceUnavailable],
    [504, messages.requestTimeout],
    [429, "Too many login attempts"],
  ])("login status %i: %s", (status, expected) => {
    expect(loginErrorMessage(new ApiError(status, "Too many login attempts"))).toBe(expected);
  });
  it("login with no answer: network text, offline text when offline", () => {
    expect(loginErrorMessage(new ApiError(0, ""))).toBe(messages.networkError);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(loginErrorMessage(new ApiError(0, ""))).toBe(messages.offline);
  });
});
