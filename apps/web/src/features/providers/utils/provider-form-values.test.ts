import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { NAME_MAX, tooLong, type Provider } from "@lab/contracts";

import { setLanguage } from "@/lib/i18n/i18n";

import {
  blankFarmer,
  blankProvider,
  providerFormSchema,
  providerFormValues,
  toProviderPayload,
  type ProviderFormValues,
} from "./provider-form-values";

const place = {
  address: "Bhimavaram, Andhra Pradesh, India",
  coordinates: { lat: 16.54, lng: 81.52 },
  placeId: "gn-1",
};

const agentValues = (): ProviderFormValues => ({
  samplerName: "  Suresh Agencies ",
  userType: "Agent",
  phoneNumber: " 98480 22338 ",
  altPhoneNumber: "",
  location: place,
  farmers: [
    { name: "Ramu", phoneNumber: "98480 11111", altPhoneNumber: "98480 22222", location: place },
    blankFarmer(),
  ],
});

describe("toProviderPayload", () => {
  it("Agent: trimmed fields, location as the JSON string plus coordinates, blank farmer rows dropped", () => {
    expect(toProviderPayload(agentValues())).toEqual({
      samplerName: "Suresh Agencies",
      userType: "Agent",
      phoneNumber: "98480 22338",
      altPhoneNumber: null,
      location: JSON.stringify(place),
      coordinates: place.coordinates,
      farmers: [
        {
          name: "Ramu",
          phoneNumber: "98480 11111",
          altPhoneNumber: "98480 22222",
          location: JSON.stringify(place),
          coordinates: place.coordinates,
        },
      ],
    });
  });

  it("Farmer: farmers never sent, even when rows were filled before switching type", () => {
    expect(toProviderPayload({ ...agentValues(), userType: "Farmer" }).farmers).toEqual([]);
  });

  it("no location: location and coordinates null", () => {
    const payload = toProviderPayload({ ...blankProvider(), samplerName: "A", phoneNumber: "1" });
    expect(payload.location).toBeNull();
    expect(payload.coordinates).toBeNull();
  });
});

describe("providerFormSchema", () => {
  it("empty name and phone: the spec's required messages", () => {
    const result = providerFormSchema.safeParse(blankProvider());
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["samplerName", "providerNameRequired"],
      ["phoneNumber", "phoneRequired"],
    ]);
  });

  it("Agent: a started farmer row needs name and phone; the untouched row is fine", () => {
    const values = agentValues();
    values.farmers = [{ ...blankFarmer(), altPhoneNumber: "98480 33333" }, blankFarmer()];
    const result = providerFormSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["farmers.0.name", "farmerNameRequired"],
      ["farmers.0.phoneNumber", "farmerPhoneRequired"],
    ]);
    expect(providerFormSchema.safeParse({ ...agentValues(), farmers: [blankFarmer()] }).success).toBe(true);
  });
});

describe("providerFormValues (edit)", () => {
  const provider: Provider = {
    id: 4,
    customerId: 7,
    samplerName: "Suresh Agencies",
    userType: "Agent",
    phoneNumber: "+91 98480 22338",
    altPhoneNumber: null,
    location: JSON.stringify(place),
    address: place.address,
    coordinates: place.coordinates,
    placeId: place.placeId,
    farmers: [
      {
        name: "Ramu",
        phoneNumber: "+91 98480 11111",
        altPhoneNumber: null,
        location: "Near the canal",
        address: "Near the canal",
        coordinates: null,
        placeId: null,
      },
    ],
    createdAt: "2024-05-01T00:00:00.000Z",
    updatedAt: "2024-05-01T00:00:00.000Z",
  };

  it("parses the JSON location, keeps a plain-text one as address without coordinates", () => {
    expect(providerFormValues(provider)).toEqual({
      samplerName: "Suresh Agencies",
      userType: "Agent",
      phoneNumber: "+91 98480 22338",
      altPhoneNumber: "",
      location: place,
      farmers: [
        {
          name: "Ramu",
          phoneNumber: "+91 98480 11111",
          altPhoneNumber: "",
          location: { address: "Near the canal", coordinates: null, placeId: null },
        },
      ],
    });
  });

  it("a provider without farmers still gets one blank farmer row; resending keeps plain text as text", () => {
    const values = providerFormValues({ ...provider, userType: "Farmer", farmers: [] });
    expect(values.farmers).toEqual([blankFarmer()]);
    const farmer = providerFormValues(provider).farmers[0];
    expect(farmer && toProviderPayload({ ...agentValues(), farmers: [farmer] }).farmers[0]?.location).toBe(
      "Near the canal",
    );
  });

  it("a length limit reads contracts' English, and the reader's language when it is another", async () => {
    const values = { ...blankProvider(), samplerName: "x".repeat(NAME_MAX + 1), phoneNumber: "98480 22338" };
    const english = providerFormSchema.safeParse(values).error?.issues[0]?.message;
    expect(english).toBe(tooLong("Sample provider name", NAME_MAX));
    await act(async () => {
      await setLanguage("te");
    });
    const telugu = providerFormSchema.safeParse(values).error?.issues[0]?.message;
    expect(telugu).toBe(`నమూనా ఇచ్చేవారి పేరు ${NAME_MAX} అక్షరాలకు మించకూడదు.`);
  });
});
