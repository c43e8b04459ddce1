import { describe, expect, it } from "vitest";

import { ApiError } from "./api-client";
import {
  chunkOf,
  loadFailureOf,
  mayReloadFor,
  recordReloadFor,
  RELOAD_GUARD_MS,
  supportReference,
} from "./load-failure";
import { OfflineError } from "./network";

const chunkError = new TypeError(
  "Failed to fetch dynamically imported module: https://portal.example.in/assets/Bx1y2z.js",
);

describe("loadFailureOf", () => {
  it.each([
    ["a chunk that could not be fetched offline", chunkError, true, "offline"],
    ["a chunk missing while online (an older build's)", chunkError, false, "stale"],
    ["Safari's words for it", new TypeError("Importing a module script failed."), false, "stale"],
    ["a load not tried offline", new OfflineError(), false, "offline"],
    [
      "a request without an answer",
      new ApiError(0, "Network error. Please try again later.", "network"),
      false,
      "offline",
    ],
    ["a refused request", new ApiError(500, "Server error. Please try again later."), false, "unexpected"],
    ["fetch failing offline", new TypeError("Failed to fetch"), true, "offline"],
    ["a bug", new TypeError("Cannot read properties of undefined"), false, "unexpected"],
  ])("%s: %s", (_, error, offline, expected) => {
    expect(loadFailureOf(error, offline)).toBe(expected);
  });
});

describe("the reload for a missing chunk", () => {
  it("chunkOf: the chunk's address in the browser's message", () => {
    expect(chunkOf(chunkError)).toBe("https://portal.example.in/assets/Bx1y2z.js");
  });

  it("reloads once for a chunk; the same chunk missing again soon after is no release: no loop", () => {
    const chunk = chunkOf(chunkError);
    const now = Date.parse("2026-11-27T10:00:00Z");
    expect(mayReloadFor(chunk, window.sessionStorage, now)).toBe(true);
    expect(recordReloadFor(chunk, window.sessionStorage, now)).toBe(true);
    expect(mayReloadFor(chunk, window.sessionStorage, now + 5_000)).toBe(false);
    expect(mayReloadFor("https://portal.example.in/assets/Other.js", window.sessionStorage, now)).toBe(true);
    expect(mayReloadFor(chunk, window.sessionStorage, now + RELOAD_GUARD_MS)).toBe(true);
    window.sessionStorage.clear();
  });

  it("without sessionStorage nothing reloads by itself (a loop could not be stopped)", () => {
    expect(mayReloadFor("x", null)).toBe(false);
    expect(recordReloadFor("x", null)).toBe(false);
  });
});

describe("supportReference", () => {
  it("a failed request: the API's X-Request-Id; anything else: 8 new hex characters", () => {
    const failed = new ApiError(500, "Server error. Please try again later.");
    failed.requestId = "5f0c9b2e-7d1a-4c3e-9f6b-2a8d4e1c7b90";
    expect(supportReference(failed)).toBe("5f0c9b2e-7d1a-4c3e-9f6b-2a8d4e1c7b90");
    const generated = supportReference(new Error("boom"));
    expect(generated).toMatch(/^[0-9A-F]{8}$/);
    expect(supportReference(new Error("boom"))).not.toBe(generated);
  });
});
