import { describe, expect, it } from "vitest";

import {
  formatCoordinates,
  locationPayload,
  mapsUrl,
  parseStoredLocation,
  parseTypedCoordinates,
} from "./location";

describe("parseTypedCoordinates", () => {
  it.each([
    ["16.544, 81.521", { lat: 16.544, lng: 81.521 }],
    ["-90,180", { lat: -90, lng: 180 }],
    ["  +12.5 ,  -0.25 ", { lat: 12.5, lng: -0.25 }],
  ])("'%s': valid coordinates", (text, coordinates) => {
    expect(parseTypedCoordinates(text)).toEqual({ kind: "valid", coordinates });
  });

  it.each(["90.1, 10", "10, 180.5", "-91, 0", "0, -181"])("'%s': out of range is invalid", (text) => {
    expect(parseTypedCoordinates(text)).toEqual({ kind: "invalid" });
  });

  it.each(["Bhimavaram", "16.5", "16.5, abc", "1, 2, 3", ""])("'%s': not coordinates", (text) => {
    expect(parseTypedCoordinates(text)).toEqual({ kind: "none" });
  });
});

describe("parseStoredLocation", () => {
  const base = { location: null, address: null, coordinates: null, placeId: null };

  it("JSON string: its address, coordinates and placeId", () => {
    const location = JSON.stringify({
      address: "Bhimavaram",
      coordinates: { lat: 16.5, lng: 81.5 },
      placeId: "gn-1",
    });
    expect(parseStoredLocation({ ...base, location })).toEqual({
      address: "Bhimavaram",
      coordinates: { lat: 16.5, lng: 81.5 },
      placeId: "gn-1",
    });
  });

  it("plain text without coordinates: the text as address, no coordinates", () => {
    expect(
      parseStoredLocation({
        ...base,
        location: "Near the canal, Nellore",
        address: "Near the canal, Nellore",
      }),
    ).toEqual({ address: "Near the canal, Nellore", coordinates: null, placeId: null });
  });

  it("nothing stored: null", () => {
    expect(parseStoredLocation(base)).toBeNull();
  });

  it("broken JSON: falls back to the stored address", () => {
    expect(parseStoredLocation({ ...base, location: "{oops", address: "Kakinada" })).toEqual({
      address: "Kakinada",
      coordinates: null,
      placeId: null,
    });
  });
});

describe("locationPayload", () => {
  it("a value with coordinates: the JSON string {address, coordinates, placeId}", () => {
    expect(
      locationPayload({ address: "Bhimavaram", coordinates: { lat: 16.5, lng: 81.5 }, placeId: "gn-1" }),
    ).toBe('{"address":"Bhimavaram","coordinates":{"lat":16.5,"lng":81.5},"placeId":"gn-1"}');
  });

  it("typed coordinates: placeId null in the JSON string", () => {
    expect(
      locationPayload({ address: "16.5, 81.5", coordinates: { lat: 16.5, lng: 81.5 }, placeId: null }),
    ).toBe('{"address":"16.5, 81.5","coordinates":{"lat":16.5,"lng":81.5},"placeId":null}');
  });

  it("an older plain-text location: sent back as the text; none: null", () => {
    expect(locationPayload({ address: "Nellore", coordinates: null, placeId: null })).toBe("Nellore");
    expect(locationPayload(null)).toBeNull();
  });
});

describe("map helpers", () => {
  it("mapsUrl: Google Maps search at lat,lng; formatCoordinates: 5 decimals", () => {
    expect(mapsUrl({ lat: 16.544, lng: 81.521 })).toBe(
      "https://www.google.com/maps/search/?api=1&query=16.544,81.521",
    );
    expect(formatCoordinates({ lat: 16.544, lng: 81.521 })).toBe("16.54400, 81.52100");
  });
});
