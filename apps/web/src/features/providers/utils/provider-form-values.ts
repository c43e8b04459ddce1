// The sample provider form: its values, their validation, the payload it sends and the
// values of a provider being edited.
import { z } from "zod";

import {
  NAME_MAX,
  PHONE_MAX,
  USER_TYPES,
  locationValueSchema,
  type Coordinates,
  type LocationValue,
  type Provider,
  type UserType,
} from "@lab/contracts";

import { translate } from "@/lib/i18n/i18n";
import { locationPayload, parseStoredLocation } from "@/utils/location";

/** A length limit's message, read in the reader's language when it is shown (English: contracts' tooLong). */
const tooLong = (key: "farmerName" | "phone" | "altPhone" | "providerName", max: number) => ({
  error: () => translate(`account.validation.${key}TooLong`, { max }),
});

export interface FarmerFormValues {
  name: string;
  phoneNumber: string;
  altPhoneNumber: string;
  location: LocationValue | null;
}

export interface ProviderFormValues {
  samplerName: string;
  userType: UserType;
  phoneNumber: string;
  altPhoneNumber: string;
  location: LocationValue | null;
  farmers: FarmerFormValues[];
}

export interface FarmerPayload {
  name: string;
  phoneNumber: string;
  altPhoneNumber: string | null;
  location: string | null;
  coordinates: Coordinates | null;
}

/** The body of POST and PUT of a sample provider (docs/api.md). */
export interface ProviderPayload {
  samplerName: string;
  userType: UserType;
  phoneNumber: string;
  altPhoneNumber: string | null;
  location: string | null;
  coordinates: Coordinates | null;
  farmers: FarmerPayload[];
}

export const blankFarmer = (): FarmerFormValues => ({
  name: "",
  phoneNumber: "",
  altPhoneNumber: "",
  location: null,
});

export const blankProvider = (): ProviderFormValues => ({
  samplerName: "",
  userType: "Farmer",
  phoneNumber: "",
  altPhoneNumber: "",
  location: null,
  farmers: [blankFarmer()],
});

/** The form keeps one farmer row; a row left untouched is not a farmer. */
export const isBlankFarmer = (farmer: FarmerFormValues): boolean =>
  farmer.name.trim() === "" &&
  farmer.phoneNumber.trim() === "" &&
  farmer.altPhoneNumber.trim() === "" &&
  farmer.location === null;

const locationField = z.custom<LocationValue | null>(
  (value) => value === null || (typeof value === "object" && value !== undefined),
);

const farmerSchema = z.object({
  name: z.string().max(NAME_MAX, tooLong("farmerName", NAME_MAX)),
  phoneNumber: z.string().max(PHONE_MAX, tooLong("phone", PHONE_MAX)),
  altPhoneNumber: z.string().max(PHONE_MAX, tooLong("altPhone", PHONE_MAX)),
  location: locationField,
});

export const providerFormSchema = z
  .object({
    samplerName: z
      .string()
      .trim()
      .min(1, "providerNameRequired")
      .max(NAME_MAX, tooLong("providerName", NAME_MAX)),
    userType: z.enum(USER_TYPES, { error: "userTypeInvalid" }),
    phoneNumber: z.string().trim().min(1, "phoneRequired").max(PHONE_MAX, tooLong("phone", PHONE_MAX)),
    altPhoneNumber: z.string().trim().max(PHONE_MAX, tooLong("altPhone", PHONE_MAX)),
    location: locationField,
    farmers: z.array(farmerSchema),
  })
  .superRefine((values, context) => {
    if (values.userType !== "Agent") return;
    values.farmers.forEach((farmer, index) => {
      if (isBlankFarmer(farmer)) return;
      if (farmer.name.trim() === "") {
        context.addIssue({
          code: "custom",
          path: ["farmers", index, "name"],
          message: "farmerNameRequired",
        });
      }
      if (farmer.phoneNumber.trim() === "") {
        context.addIssue({
          code: "custom",
          path: ["farmers", index, "phoneNumber"],
          message: "farmerPhoneRequired",
        });
      }
    });
  });

const optional = (text: string): string | null => (text.trim() === "" ? null : text.trim());

export function toProviderPayload(values: ProviderFormValues): ProviderPayload {
  return {
    samplerName: values.samplerName.trim(),
    userType: values.userType,
    phoneNumber: values.phoneNumber.trim(),
    altPhoneNumber: optional(values.altPhoneNumber),
    location: locationPayload(values.location),
    coordinates: values.location?.coordinates ?? null,
    farmers:
      values.userType === "Agent"
        ? values.farmers
            .filter((farmer) => !isBlankFarmer(farmer))
            .map((farmer) => ({
              name: farmer.name.trim(),
              phoneNumber: farmer.phoneNumber.trim(),
              altPhoneNumber: optional(farmer.altPhoneNumber),
              location: locationPayload(farmer.location),
              coordinates: farmer.location?.coordinates ?? null,
            }))
        : [],
  };
}

/** The form fields a server error can name. */
export type ProviderFieldPath =
  | "samplerName"
  | "userType"
  | "phoneNumber"
  | "altPhoneNumber"
  | "location"
  | `farmers.${number}.${"name" | "phoneNumber" | "altPhoneNumber" | "location"}`;

const FARMER_FIELDS = ["name", "phoneNumber", "altPhoneNumber", "location"] as const;

/**
 * The form field a server error's `field` names. The payload leaves untouched farmer rows out, so
 * the server's `farmers.{n}` is the n-th farmer row that is not blank. Null for a field the form
 * does not show (then the error goes in the banner).
 */
export function providerFieldOf(values: ProviderFormValues, path: string): ProviderFieldPath | null {
  const [head, index, name] = path.split(".");
  switch (head) {
    case "samplerName":
    case "userType":
    case "phoneNumber":
    case "altPhoneNumber":
    case "location":
      return head;
    case "coordinates":
      return "location";
    case "farmers": {
      const sent = Number(index);
      const field = name === "coordinates" ? "location" : FARMER_FIELDS.find((known) => known === name);
      if (!Number.isInteger(sent) || field === undefined) return null;
      const rows = values.farmers
        .map((farmer, row) => ({ farmer, row }))
        .filter(({ farmer }) => !isBlankFarmer(farmer));
      const row = rows[sent]?.row;
      return row === undefined ? null : `farmers.${row}.${field}`;
    }
    default:
      return null;
  }
}

/** The form's draft name on the device: one for a new provider, one per provider being edited. */
export const providerDraftForm = (providerId: number | null): string =>
  providerId === null ? "provider-new" : `provider-${providerId}`;

/** What a kept draft of the form must look like to be put back. */
export const providerDraftSchema: z.ZodType<ProviderFormValues> = z.object({
  samplerName: z.string(),
  userType: z.enum(USER_TYPES),
  phoneNumber: z.string(),
  altPhoneNumber: z.string(),
  location: locationValueSchema.nullable(),
  farmers: z
    .array(
      z.object({
        name: z.string(),
        phoneNumber: z.string(),
        altPhoneNumber: z.string(),
        location: locationValueSchema.nullable(),
      }),
    )
    .min(1),
});

/** The form filled from a saved provider (edit mode). */
export function providerFormValues(provider: Provider): ProviderFormValues {
  const farmers = provider.farmers.map((farmer) => ({
    name: farmer.name,
    phoneNumber: farmer.phoneNumber,
    altPhoneNumber: farmer.altPhoneNumber ?? "",
    location: parseStoredLocation(farmer),
  }));
  return {
    samplerName: provider.samplerName,
    userType: provider.userType,
    phoneNumber: provider.phoneNumber,
    altPhoneNumber: provider.altPhoneNumber ?? "",
    location: parseStoredLocation(provider),
    farmers: farmers.length > 0 ? farmers : [blankFarmer()],
  };
}
