import { describe, expect, it } from "vitest";

import { makeProvider } from "@/testing/sample-fixtures";

import { filterProviders, findProviderByName } from "./provider-search";

const providers = [
  makeProvider({ id: 11, samplerName: "Lakshmi Farms", phoneNumber: "+919848022338" }),
  makeProvider({
    id: 12,
    samplerName: "Ravi Agencies",
    phoneNumber: "+919000011111",
    location: "Ongole, Andhra Pradesh",
    address: "Ongole, Andhra Pradesh",
    coordinates: null,
    placeId: null,
  }),
];
const names = (text: string) => filterProviders(providers, text).map((provider) => provider.samplerName);

describe("filterProviders", () => {
  it("by name, case-insensitive", () => {
    expect(names("lakSHMI")).toEqual(["Lakshmi Farms"]);
  });

  it("by phone, as stored or as digits with spaces", () => {
    expect(names("+91900")).toEqual(["Ravi Agencies"]);
    expect(names("98480 22338")).toEqual(["Lakshmi Farms"]);
  });

  it("by location: the address of a JSON location or plain text", () => {
    expect(names("bhimavaram")).toEqual(["Lakshmi Farms"]);
    expect(names("ONGOLE")).toEqual(["Ravi Agencies"]);
  });

  it("by id", () => {
    expect(names("12")).toEqual(["Ravi Agencies"]);
  });

  it("empty text: every provider; no match: none", () => {
    expect(names("  ")).toEqual(["Lakshmi Farms", "Ravi Agencies"]);
    expect(names("zzz")).toEqual([]);
  });
});

describe("findProviderByName", () => {
  it("matches trimmed and ignoring case", () => {
    expect(findProviderByName(providers, "  ravi agencies ")?.id).toBe(12);
    expect(findProviderByName(providers, "Ravi")).toBeUndefined();
  });
});

describe("filterProviders ignores Latin diacritics", () => {
  it("'godavari' finds a place stored as Godāvari, and the other way round", () => {
    const stored = [
      makeProvider({
        id: 31,
        samplerName: "Sea Farm",
        location: "West Godāvari",
        address: "West Godāvari",
        coordinates: null,
        placeId: null,
      }),
      makeProvider({ id: 32, samplerName: "Godavari Aqua", location: null, address: null }),
    ];
    const found = (text: string) => filterProviders(stored, text).map((provider) => provider.id);
    expect(found("godavari")).toEqual([31, 32]);
    expect(found("GODĀVARI")).toEqual([31, 32]);
  });
});
