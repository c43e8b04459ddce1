import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { backoffDelay, OfflineError, retryFailedLoads, retryRound, whenOnline, withRetries } from "./network";

const offline = () => vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);

describe("backoffDelay", () => {
  it("doubles from the base up to the cap, half of each step jitter", () => {
    const backoff = { baseMs: 1_000, capMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, backoff, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect([1, 2, 6].map((attempt) => backoffDelay(attempt, backoff, () => 0))).toEqual([500, 1_000, 15_000]);
  });
});

describe("withRetries", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("online: a failed load is tried again after a growing delay, then its last error is thrown", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const load = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    const result = withRetries(load, { attempts: 3, baseMs: 500 });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(await settled).toBeInstanceOf(TypeError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("offline: asked once, which the service worker may answer from the device", async () => {
    offline();
    const load = vi.fn(() => Promise.resolve("chunk"));
    await expect(withRetries(load)).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("offline: a failed load is not tried again; it fails at once with OfflineError", async () => {
    offline();
    const load = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(withRetries(load)).rejects.toBeInstanceOf(OfflineError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("whenOnline and the retry round", () => {
  it("offline: waits for the online event, which also starts a new retry round", () => {
    offline();
    const then = vi.fn();
    const round = retryRound();
    whenOnline(then);
    expect(then).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("online"));
    expect(then).toHaveBeenCalledTimes(1);
    expect(retryRound()).toBe(round + 1);
    retryFailedLoads();
    expect(retryRound()).toBe(round + 2);
  });
});
