import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as Network from "../network";

// Offline, a catalogue chunk the device does not hold fails to load (the service worker has no copy of
// it): every load goes through withRetries, which stands in here for that failure and counts attempts.
const chunks = vi.hoisted(() => ({ failing: false, asked: 0 }));
vi.mock("../network", async (importOriginal) => {
  const original = await importOriginal<typeof Network>();
  return {
    ...original,
    withRetries: <T>(load: () => Promise<T>) => {
      chunks.asked += 1;
      return chunks.failing ? Promise.reject(new original.OfflineError()) : original.withRetries(load);
    },
  };
});

// The test setup has loaded the real modules already: load them again, with the stand-in.
async function fresh() {
  vi.resetModules();
  const network = await import("../network");
  const i18n = await import("./i18n");
  return { ...network, ...i18n };
}

describe("namespacesReady", () => {
  beforeEach(() => {
    chunks.failing = false;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a load that failed (offline) stays failed for every render, with no new fetch, until a retry round; then it loads", async () => {
    const { isLoaded, namespacesReady, OfflineError, retryFailedLoads } = await fresh();
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    chunks.failing = true;
    const first = namespacesReady("ta", ["common", "auth"]);
    await expect(first).rejects.toBeInstanceOf(OfflineError);
    expect(first.status).toBe("rejected");
    const asked = chunks.asked;
    expect(asked).toBeGreaterThan(0);
    // What React does after the rejection: render again, and ask again. Same failure, no fetch.
    for (let render = 0; render < 50; render += 1)
      expect(namespacesReady("ta", ["common", "auth"])).toBe(first);
    expect(chunks.asked).toBe(asked);

    chunks.failing = false;
    online.mockReturnValue(true);
    retryFailedLoads();
    const again = namespacesReady("ta", ["common", "auth"]);
    expect(again).not.toBe(first);
    await again;
    expect(again.status).toBe("fulfilled");
    expect(isLoaded("ta", "auth")).toBe(true);
  });
});
