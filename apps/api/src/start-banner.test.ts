import { describe, expect, it } from "vitest";

import { startBanner } from "./start-banner";

describe("startBanner", () => {
  it("prints the demo's staff account, mailbox, simulator warning and PUBLIC_URL hint as plain lines", () => {
    const text = startBanner({
      url: "http://localhost:3000",
      publicUrl: "http://localhost:3000",
      staff: { email: "lab@aquatest.local", password: "LabAdmin#2026" },
      mailbox: "http://localhost:3000/dev/mailbox",
      simulator: true,
    });
    expect(text).toContain("lab@aquatest.local  /  LabAdmin#2026");
    expect(text).toContain("http://localhost:3000/dev/mailbox");
    expect(text).toContain("LAB_SIMULATOR=off");
    expect(text).toContain("set PUBLIC_URL");
    expect(text).not.toMatch(/^\s*\{/m);
  });

  it("leaves out what does not apply: no password once changed, no hint with a public address", () => {
    const text = startBanner({
      url: "http://localhost:3000",
      publicUrl: "https://portal.aquatest.in",
      simulator: false,
    });
    expect(text).not.toContain("sign-in (demo)");
    expect(text).not.toContain("PUBLIC_URL");
    expect(text).not.toContain("simulator");
  });
});
