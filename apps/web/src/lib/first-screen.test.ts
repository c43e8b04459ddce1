import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { afterFirstScreen } from "./first-screen";

describe("afterFirstScreen", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const answerIn = (client: QueryClient, key: string, ms: number) =>
    client.fetchQuery({
      queryKey: [key],
      queryFn: () => new Promise((done) => setTimeout(() => done(key), ms)),
    });

  it("first screen: waits until its queries have answered and stayed quiet, not for the first one alone", async () => {
    const client = new QueryClient();
    let resolved = false;
    void afterFirstScreen(client, { quietMs: 1_000, capMs: 10_000 }).then(() => (resolved = true));
    void answerIn(client, "profile", 300);
    await vi.advanceTimersByTimeAsync(500);
    // The screen's own requests start after the profile's answer, within the quiet time.
    void answerIn(client, "summary", 2_000);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resolved).toBe(true);
  });

  it("a screen whose requests never settle: resolves at the cap", async () => {
    const client = new QueryClient();
    let resolved = false;
    void afterFirstScreen(client, { quietMs: 1_000, capMs: 5_000 }).then(() => (resolved = true));
    void answerIn(client, "slow", 60_000);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(resolved).toBe(true);
  });

  it("asked again after it settled: the same resolved promise, no new wait", async () => {
    const client = new QueryClient();
    const first = afterFirstScreen(client, { quietMs: 100, capMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    await first;
    expect(afterFirstScreen(client)).toBe(first);
  });
});
