import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "@/lib/api-client";

import { loginErrorMessage } from "./login-errors";

describe("login error messages (by key)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    [401, "invalidCredentials"],
    [500, "serverError"],
    [502, "serviceTemporarilyUnavailable"],
    [503, "serviceUnavailable"],
    [504, "requestTimeout"],
    [429, "Too many login attempts"],
  ])("login status %i: %s", (status, expected) => {
    expect(loginErrorMessage(new ApiError(status, "Too many login attempts"))).toBe(expected);
  });
  it("login with no answer: network text, offline text when offline", () => {
    expect(loginErrorMessage(new ApiError(0, ""))).toBe("networkError");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(loginErrorMessage(new ApiError(0, ""))).toBe("offline");
  });
});
