import type { z } from "zod";

import { serverFieldError } from "@/components/ui/form-errors";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

/** A form's errors by the request field they are about: `name`, `lat`, `treatments.0.dose`. */
export type FieldErrors = Record<string, Shown>;

/** Every field's first problem of a failed parse (the form shows them all at once). */
export function issuesByField(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A refused request as form errors: at the field it names when the form shows that field (`known`),
 * else under `form` (the banner).
 */
export function failureAsErrors(error: unknown, known: (field: string) => boolean): FieldErrors {
  const named = serverFieldError(error);
  if (named && known(named.field)) return { [named.field]: named.message };
  return { form: shownOf(error) };
}

/** The error at `field` or inside it (`boundary` has `boundary.3.0`'s). */
export function errorAt(errors: FieldErrors, field: string): Shown | undefined {
  if (errors[field] !== undefined) return errors[field];
  const inside = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
  return inside === undefined ? undefined : errors[inside];
}
