import { afterEach, describe, expect, it, vi } from "vitest";

import { retryFailedLoads } from "../network";

import { isLoaded, namespacesReady } from "./i18n";

describe("namespacesReady", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a load that failed (offline) stays failed for every render, with no new fetch, until a retry round; then it loads", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const first = namespacesReady("ta", ["common", "auth"]);
    await expect(first).rejects.toThrow("offline");
    expect(first.status).toBe("rejected");
    // What React does after the rejection: render again, and ask again. Same failure, no fetch.
    for (let render = 0; render < 50; render += 1)
      expect(namespacesReady("ta", ["common", "auth"])).toBe(first);

    online.mockReturnValue(true);
    retryFailedLoads();
    const again = namespacesReady("ta", ["common", "auth"]);
    expect(again).not.toBe(first);
    await again;
    expect(again.status).toBe("fulfilled");
    expect(isLoaded("ta", "auth")).toBe(true);
  });
});
