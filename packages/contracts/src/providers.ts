import { z } from "zod";

import {
  ADDRESS_MAX,
  FARMERS_MAX,
  LOCATION_TEXT_MAX,
  NAME_MAX,
  PHONE_MAX,
  PLACE_ID_MAX,
  tooLong,
  tooMany,
} from "./limits";
import { messages } from "./messages";
import { text } from "./text";

export const USER_TYPES = ["Farmer", "Agent"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const coordinatesSchema = z.object({
  lat: z
    .number({ error: messages.coordinatesInvalid })
    .min(-90, messages.coordinatesInvalid)
    .max(90, messages.coordinatesInvalid),
  lng: z
    .number({ error: messages.coordinatesInvalid })
    .min(-180, messages.coordinatesInvalid)
    .max(180, messages.coordinatesInvalid),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** The location value of forms, also sent as a JSON string (docs/product-rules.md, Data formats). */
export const locationValueSchema = z.object({
  address: text().trim().max(ADDRESS_MAX, tooLong("Address", ADDRESS_MAX)).default(""),
  coordinates: coordinatesSchema.nullable().optional(),
  placeId: text().trim().max(PLACE_ID_MAX, tooLong("Place id", PLACE_ID_MAX)).nullable().optional(),
});
export type LocationValue = z.infer<typeof locationValueSchema>;

const optionalText = (label: string, max: number) =>
  text().trim().max(max, tooLong(label, max)).nullable().optional();
/** Plain text, or the spec's JSON string starting with a brace, or the object itself. */
const locationInput = z
  .union([text().trim().max(LOCATION_TEXT_MAX, tooLong("Location", LOCATION_TEXT_MAX)), locationValueSchema])
  .nullable()
  .optional();

export const farmerInputSchema = z.object({
  name: text().trim().max(NAME_MAX, tooLong("Farmer name", NAME_MAX)).default(""),
  phoneNumber: text().trim().max(PHONE_MAX, tooLong("Phone number", PHONE_MAX)).default(""),
  altPhoneNumber: optionalText("Alternate phone number", PHONE_MAX),
  location: locationInput,
  coordinates: coordinatesSchema.nullable().optional(),
});
export type FarmerInput = z.input<typeof farmerInputSchema>;

export const providerInputSchema = z.object({
  samplerName: text(messages.providerNameRequired)
    .trim()
    .min(1, messages.providerNameRequired)
    .max(NAME_MAX, tooLong("Sample provider name", NAME_MAX)),
  userType: text()
    .trim()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(["farmer", "agent"], { error: messages.userTypeInvalid }))
    .transform((value): UserType => (value === "agent" ? "Agent" : "Farmer"))
    .nullable()
    .optional()
    .transform((value): UserType => value ?? "Farmer"),
  phoneNumber: text(messages.phoneRequired)
    .trim()
    .min(1, messages.phoneRequired)
    .max(PHONE_MAX, tooLong("Phone number", PHONE_MAX)),
  altPhoneNumber: optionalText("Alternate phone number", PHONE_MAX),
  location: locationInput,
  coordinates: coordinatesSchema.nullable().optional(),
  farmers: z.array(farmerInputSchema).max(FARMERS_MAX, tooMany("farmers", FARMERS_MAX)).nullable().optional(),
});
export type ProviderInput = z.input<typeof providerInputSchema>;

export const farmerSchema = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  altPhoneNumber: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  coordinates: coordinatesSchema.nullable(),
  placeId: z.string().nullable(),
});
export type Farmer = z.infer<typeof farmerSchema>;

export const providerSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  samplerName: z.string(),
  userType: z.enum(USER_TYPES),
  phoneNumber: z.string(),
  altPhoneNumber: z.string().nullable(),
  /** As the client sent it: text, or the JSON string of a location value. */
  location: z.string().nullable(),
  address: z.string().nullable(),
  coordinates: coordinatesSchema.nullable(),
  placeId: z.string().nullable(),
  farmers: z.array(farmerSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

/** What a suggested place is: a whole district, a town, or a village (a post office's locality). */
export const PLACE_KINDS = ["district", "town", "village"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** GET /places/autocomplete */
export const placeSuggestionSchema = z.object({
  placeId: z.string(),
  address: z.string(),
  coordinates: coordinatesSchema,
  // Optional so that a suggestion without them (an older server, a saved value) still parses.
  kind: z.enum(PLACE_KINDS).optional(),
  district: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;
export const PLACES_MAX_RESULTS = 8;

/** India's bounding box (mainland and islands): what "Use my location" accepts. */
export const INDIA_BOUNDS = { minLat: 6, maxLat: 37.5, minLng: 68, maxLng: 97.5 } as const;
export const inIndia = ({ lat, lng }: Coordinates): boolean =>
  lat >= INDIA_BOUNDS.minLat &&
  lat <= INDIA_BOUNDS.maxLat &&
  lng >= INDIA_BOUNDS.minLng &&
  lng <= INDIA_BOUNDS.maxLng;

/** GET /places/nearest?lat=&lon=: coordinates inside India (query strings, so coerced). */
export const nearestPlaceQuerySchema = z
  .object({
    lat: z.coerce
      .number({ error: messages.coordinatesInvalid })
      .min(-90, messages.coordinatesInvalid)
      .max(90, messages.coordinatesInvalid),
    lon: z.coerce
      .number({ error: messages.coordinatesInvalid })
      .min(-180, messages.coordinatesInvalid)
      .max(180, messages.coordinatesInvalid),
  })
  .refine(({ lat, lon }) => inIndia({ lat, lng: lon }), { message: messages.locationOutsideIndia });

/** The nearest known place and how far it is from the coordinates asked. */
export const nearestPlaceSchema = placeSuggestionSchema.extend({ distanceKm: z.number() });
export type NearestPlace = z.infer<typeof nearestPlaceSchema>;
