import { describe, expect, it } from "vitest";

import { inboxKey } from "./email-address";

describe("inboxKey", () => {
  it("lower-cases and trims, so case variants of one address share a limit", () => {
    expect(inboxKey("  Ravi.Kumar@Example.IN ")).toBe("ravi.kumar@example.in");
  });

  it("drops a +tag for every domain, so tagged variants of one inbox share a limit", () => {
    expect(inboxKey("victim+1@example.com")).toBe("victim@example.com");
    expect(inboxKey("victim+a+b@example.com")).toBe("victim@example.com");
    expect(inboxKey("Victim+News@Outlook.com")).toBe("victim@outlook.com");
  });

  it("drops dots and reads googlemail.com as gmail.com for Gmail only", () => {
    expect(inboxKey("V.i.c.t.i.m+x@gmail.com")).toBe("victim@gmail.com");
    expect(inboxKey("vic.tim@GoogleMail.com")).toBe("victim@gmail.com");
    expect(inboxKey("vic.tim@example.com")).toBe("vic.tim@example.com");
  });

  it("keeps what it cannot read as an address, and never leaves an empty local part", () => {
    expect(inboxKey("")).toBe("");
    expect(inboxKey("no-at-sign")).toBe("no-at-sign");
    expect(inboxKey("@example.com")).toBe("@example.com");
    expect(inboxKey("+tag@example.com")).toBe("+tag@example.com");
    expect(inboxKey("...@gmail.com")).toBe("...@gmail.com");
  });
});
