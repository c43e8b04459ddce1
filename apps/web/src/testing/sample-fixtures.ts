import type { Provider, Sample, SampleSummary } from "@lab/contracts";

let nextId = 100;

/** A sample of the fixture customer (id 7); fields can be overridden. */
export function makeSample(overrides: Partial<Sample> = {}): Sample {
  const id = overrides.id ?? nextId++;
  return {
    id,
    consumerId: 7,
    providerId: null,
    status: "PENDING",
    samplerName: "Ravi Kumar",
    samplerLocation: "Nellore, Andhra Pradesh",
    coordinates: { lat: 14.4426, lng: 79.9865 },
    shrimpCategory: "Tiger Shrimp",
    shrimpSubCategory: "Viral Disease Screening, Allergen Testing",
    testTypes: ["Viral Disease Screening", "Allergen Testing"],
    markets: [],
    phoneNumber: "+91 98480 22338",
    emailAddress: null,
    assigned: "",
    testingEta: null,
    createdAt: "2025-01-10T06:30:00.000Z",
    updatedAt: "2025-01-11T08:00:00.000Z",
    reportId: null,
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<SampleSummary> = {}): SampleSummary {
  return {
    total: 0,
    pending: 0,
    collected: 0,
    testing: 0,
    completed: 0,
    successful: 0,
    earliestCreatedAt: null,
    ...overrides,
  };
}

export function makeProvider(overrides: Partial<Provider> = {}): Provider {
  return {
    id: 11,
    customerId: 7,
    samplerName: "Lakshmi Farms",
    userType: "Farmer",
    phoneNumber: "+919848022338",
    altPhoneNumber: null,
    location: JSON.stringify({
      address: "Bhimavaram, Andhra Pradesh",
      coordinates: { lat: 16.5449, lng: 81.5212 },
      placeId: "in-bhimavaram",
    }),
    address: "Bhimavaram, Andhra Pradesh",
    coordinates: { lat: 16.5449, lng: 81.5212 },
    placeId: "in-bhimavaram",
    farmers: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
