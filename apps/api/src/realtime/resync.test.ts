import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { ResyncReason } from "./events";
import { createResyncNotifier, RESYNC_MIN_INTERVAL_MS } from "./resync";

describe("createResyncNotifier", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the first notice of a reason at once", () => {
    const sent: ResyncReason[] = [];
    const notifier = createResyncNotifier((reason) => sent.push(reason));
    notifier.request("fan-out-restored");
    expect(sent).toEqual(["fan-out-restored"]);
  });

  it("a flapping link: requests inside a reason's interval make one more notice at its end, never a storm", () => {
    const sent: { reason: ResyncReason; at: number }[] = [];
    const start = Date.now();
    const notifier = createResyncNotifier((reason) => sent.push({ reason, at: Date.now() - start }));
    for (let i = 0; i < 20; i += 1) {
      notifier.request("fan-out-lost");
      notifier.request("fan-out-restored");
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(2000);
    const lost = sent.filter((s) => s.reason === "fan-out-lost").map((s) => s.at);
    const restored = sent.filter((s) => s.reason === "fan-out-restored").map((s) => s.at);
    // 1 s of flapping: lost at 0 and 1000; restored every 250 ms, the last one after the flapping ended.
    expect(lost).toEqual([0, 1000]);
    expect(restored).toEqual([0, 250, 500, 750, 1000]);
  });

  it("never holds a 'restored' notice back by more than 250 ms", () => {
    const sent: number[] = [];
    const start = Date.now();
    const notifier = createResyncNotifier(() => sent.push(Date.now() - start));
    notifier.request("fan-out-restored");
    vi.advanceTimersByTime(10);
    notifier.request("fan-out-restored");
    vi.advanceTimersByTime(RESYNC_MIN_INTERVAL_MS["fan-out-restored"]);
    expect(sent).toEqual([0, 250]);
    expect(RESYNC_MIN_INTERVAL_MS["fan-out-restored"]).toBeLessThanOrEqual(250);
  });

  it("close cancels a notice that is due", () => {
    const sent: ResyncReason[] = [];
    const notifier = createResyncNotifier((reason) => sent.push(reason));
    notifier.request("publish-failed");
    notifier.request("publish-failed");
    notifier.close();
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual(["publish-failed"]);
  });
});
