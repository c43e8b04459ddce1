import { type providerInputSchema } from "@lab/contracts";
import { sampleProviders, type FarmerRecord, type SampleProviderRow } from "@lab/db";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";

import { AppError, notFound, invalidField, type Said } from "../../lib/app-error";
import { toE164 } from "../../lib/phone";
import type { Member } from "../organisations/access";
import type { DomainContext } from "../context";
import { resolveLocation, type ResolvedLocation } from "./locations";

export type ProviderInput = z.output<typeof providerInputSchema>;
type FarmerInput = NonNullable<ProviderInput["farmers"]>[number];

const invalid = (said: Said, field?: string) => invalidField(said, field);
const providerNotFound = () => notFound("providerNotFound");
const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === "";

/** Resolves a location; its refusal names `field`, so the form shows it at that location input. */
function locationAt(field: string, resolve: () => ResolvedLocation): ResolvedLocation {
  try {
    return resolve();
  } catch (error) {
    if (error instanceof AppError && error.field === undefined) {
      throw new AppError(error.status, error.code, error.said, error.headers, field);
    }
    throw error;
  }
}

/** `index` is the farmer's place in the request, so an error names `farmers.{index}.{field}`. */
function farmerRecord(farmer: FarmerInput, index: number): FarmerRecord {
  const field = (name: string) => `farmers.${index}.${name}`;
  if (blank(farmer.name)) throw invalid("farmerNameRequired", field("name"));
  if (blank(farmer.phoneNumber)) throw invalid("farmerPhoneRequired", field("phoneNumber"));
  const place = locationAt(field("location"), () => resolveLocation(farmer.location, farmer.coordinates));
  return {
    name: farmer.name,
    phoneNumber: toE164(farmer.phoneNumber, "phoneInvalid", field("phoneNumber")),
    altPhoneNumber: blank(farmer.altPhoneNumber)
      ? null
      : toE164(farmer.altPhoneNumber ?? "", "altPhoneInvalid", field("altPhoneNumber")),
    location: place.location,
    address: place.address,
    lat: place.lat,
    lng: place.lng,
    placeId: place.placeId,
  };
}

/** Validates and normalises a provider payload into the columns it is stored as. */
export function providerValues(input: ProviderInput) {
  // The form always keeps one farmer row; an untouched blank row is not a farmer.
  // Indices are kept from the request, so an error names the farmer row the person sees.
  const farmers = (input.farmers ?? [])
    .map((farmer, index) => ({ farmer, index }))
    .filter(
      ({ farmer }) => !(blank(farmer.name) && blank(farmer.phoneNumber) && blank(farmer.altPhoneNumber)),
    );
  if (input.userType !== "Agent" && farmers.length > 0) {
    throw invalid("farmersOnlyForAgents", "farmers");
  }
  const place = locationAt("location", () => resolveLocation(input.location, input.coordinates));
  return {
    samplerName: input.samplerName,
    userType: input.userType,
    phoneNumber: toE164(input.phoneNumber, "phoneInvalid", "phoneNumber"),
    altPhoneNumber: blank(input.altPhoneNumber)
      ? null
      : toE164(input.altPhoneNumber ?? "", "altPhoneInvalid", "altPhoneNumber"),
    ...place,
    farmers: farmers.map(({ farmer, index }) => farmerRecord(farmer, index)),
  };
}

/** An organisation's providers are shared by its members: any member who may see samples lists them. */
export async function listProviders(
  ctx: DomainContext,
  organisationId: number,
): Promise<SampleProviderRow[]> {
  return ctx.db
    .select()
    .from(sampleProviders)
    .where(eq(sampleProviders.organisationId, organisationId))
    .orderBy(desc(sampleProviders.id));
}

export async function createProvider(
  ctx: DomainContext,
  member: Member,
  input: ProviderInput,
): Promise<SampleProviderRow> {
  const values = providerValues(input);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(sampleProviders)
    .values({
      ...values,
      organisationId: member.organisationId,
      customerId: member.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Replaces a provider with the payload; another organisation's provider is "not found". */
export async function updateProvider(
  ctx: DomainContext,
  organisationId: number,
  providerId: number,
  input: ProviderInput,
): Promise<SampleProviderRow> {
  const values = providerValues(input);
  const [row] = await ctx.db
    .update(sampleProviders)
    .set({ ...values, updatedAt: ctx.now() })
    .where(and(eq(sampleProviders.id, providerId), eq(sampleProviders.organisationId, organisationId)))
    .returning();
  if (!row) throw providerNotFound();
  return row;
}

export async function deleteProvider(
  ctx: DomainContext,
  organisationId: number,
  providerId: number,
): Promise<void> {
  const deleted = await ctx.db
    .delete(sampleProviders)
    .where(and(eq(sampleProviders.id, providerId), eq(sampleProviders.organisationId, organisationId)))
    .returning({ id: sampleProviders.id });
  if (deleted.length === 0) throw providerNotFound();
}
