import { describe, expect, it } from "vitest";

import { afterSignInHref, safeReturnTo, signInHref } from "./return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/samples?status=pending", "/samples?status=pending"],
    ["/samples?status=pending&page=2&q=white%20spot", "/samples?status=pending&page=2&q=white%20spot"],
    ["/report/12", "/report/12"],
    ["/profile#top", "/profile#top"],
    ["/samples/../report/12?x=1", "/report/12?x=1"],
    ["/reports/./7", "/reports/7"],
    ["/samples/%2F%2Fevil.example", "/samples/%2F%2Fevil.example"],
  ])("keeps the app path %s as %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    // Dot segments that leave "//host" once resolved.
    "/..//evil.example/x",
    "/../..//evil.example/x",
    "/./..//evil.example",
    "/samples/../..//evil.example/x",
    "/.//evil.example",
    // Protocol-relative, also with more slashes.
    "//evil.example/x",
    "///evil.example/x",
    "////evil.example",
    // Backslashes, which browsers read as slashes.
    "/\\evil.example",
    "/\\\\evil.example",
    "\\\\evil.example",
    "/..\\evil.example",
    // Encoded slashes and backslashes that decode to "//host", and a broken escape.
    "/%2F/evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "/%2f..//evil.example",
    "/%E0%A4%A",
    // Tabs and newlines, which the URL parser drops.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/samples\n",
    // Absolute and scripted URLs.
    "https://evil.example/",
    "http://localhost:3000.evil.example/",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/javascript:alert(1)/..//evil.example",
    "data:text/html,<script>alert(1)</script>",
    // Not a path, or not one to return to.
    "samples",
    "evil.example",
    "/login",
    "/login?returnTo=/x",
    "/samples/../login",
    "/lab",
    "/lab/samples",
    "/%6Cab/samples",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it("a same-origin absolute URL is refused too: only a path is remembered", () => {
    expect(safeReturnTo(`${window.location.origin}/samples`)).toBeNull();
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
    expect(afterSignInHref("?returnTo=%2F..%2F%2Fevil.example%2Fx")).toBe("/dashboard");
    expect(afterSignInHref("")).toBe("/dashboard");
  });
});
