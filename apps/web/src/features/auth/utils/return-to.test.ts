import { describe, expect, it } from "vitest";

import { afterSignInHref, safeReturnTo, signInHref } from "./return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/samples?status=pending", "/samples?status=pending"],
    ["/report/12", "/report/12"],
    ["/profile#top", "/profile"],
  ])("keeps the app path %s as %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "samples",
    "/login",
    "/login?returnTo=/x",
    "/lab",
    "/lab/samples",
    "/samples\n",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});

describe("signInHref and afterSignInHref", () => {
  it("round-trips a page through /login?returnTo=", () => {
    const href = signInHref("/samples?status=pending&page=2");
    expect(href).toBe(`/login?returnTo=${encodeURIComponent("/samples?status=pending&page=2")}`);
    expect(afterSignInHref(href.slice("/login".length))).toBe("/samples?status=pending&page=2");
  });

  it("/login alone for the dashboard or an unsafe page; after sign-in, the dashboard", () => {
    expect(signInHref("/dashboard")).toBe("/login");
    expect(signInHref("//evil.example")).toBe("/login");
    expect(afterSignInHref("?returnTo=https%3A%2F%2Fevil.example")).toBe("/dashboard");
    expect(afterSignInHref("")).toBe("/dashboard");
  });
});
