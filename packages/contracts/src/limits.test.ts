import { describe, expect, it } from "vitest";
import type { z } from "zod";

import * as contracts from "./index";

interface Found {
  path: string;
  maximum: unknown;
  custom: boolean;
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "_zod" in value;

/** Every max_length check reachable from a schema: objects, wrappers, pipes, unions, arrays, lazies. */
function maxChecks(schema: z.ZodType, path: string, seen = new Set<unknown>(), found: Found[] = []): Found[] {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  for (const check of (def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []) {
    const checkDef = check._zod.def;
    if (checkDef.check === "max_length") {
      found.push({ path, maximum: checkDef.maximum, custom: typeof checkDef.error === "function" });
    }
  }
  const visit = (value: unknown, where: string) => {
    if (isSchema(value)) maxChecks(value, where, seen, found);
  };
  for (const [key, value] of Object.entries(def)) {
    if (key === "checks") continue;
    if (key === "shape" && typeof value === "object" && value !== null) {
      for (const [field, child] of Object.entries(value)) visit(child, `${path}.${field}`);
    } else if (Array.isArray(value)) {
      value.forEach((child, index) => visit(child, `${path}|${index}`));
    } else if (key === "getter" && typeof value === "function") {
      visit((value as () => unknown)(), path);
    } else {
      visit(value, path);
    }
  }
  return found;
}

const exportedSchemas: [string, z.ZodType][] = Object.entries(contracts as Record<string, unknown>).flatMap(
  ([name, value]) =>
    name.endsWith("Schema") && isSchema(value) ? [[name, value] as [string, z.ZodType]] : [],
);

describe("contracts length limits", () => {
  it("finds the request schemas and their limits (the walk itself works)", () => {
    const names = exportedSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(["providerInputSchema", "sampleSubmissionSchema", "updateProfileRequestSchema"]),
    );
    const provider = maxChecks(contracts.providerInputSchema, "providerInputSchema");
    expect(provider.map((check) => check.path)).toEqual(
      expect.arrayContaining([
        "providerInputSchema.samplerName",
        "providerInputSchema.farmers",
        "providerInputSchema.farmers.phoneNumber",
      ]),
    );
  });

  it("every string and list max of every exported schema has its own plain message, never zod's", () => {
    const raw = exportedSchemas
      .flatMap(([name, schema]) => maxChecks(schema, name))
      .filter((check) => !check.custom)
      .map((check) => `${check.path} (max ${String(check.maximum)})`);
    expect(raw).toEqual([]);
  });

  it("a 200-character provider name says it is too long on both the provider and the sample form", () => {
    const name = "ల".repeat(200);
    const provider = contracts.providerInputSchema.safeParse({
      samplerName: name,
      phoneNumber: "9848022338",
    });
    expect(provider.error?.issues[0]?.message).toBe("Sample provider name must be 120 characters or fewer.");
    const sample = contracts.sampleSubmissionSchema.safeParse({ consumerId: 1, samplerName: name });
    expect(sample.error?.issues[0]?.message).toBe("Sample provider name must be 120 characters or fewer.");
  });

  it("a 121-character profile name gets the plain name limit, not 'Too big: expected string…'", () => {
    const result = contracts.updateProfileRequestSchema.safeParse({ fullName: "a".repeat(121) });
    expect(result.error?.issues[0]?.message).toBe(contracts.tooLong("Name", contracts.NAME_MAX));
    expect(result.error?.issues[0]?.message).toBe("Name must be 120 characters or fewer.");
  });
});
