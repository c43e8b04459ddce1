import type { HTMLAttributes } from "react";

import { Field, Input, describedBy } from "@/components/ui/input";
import type { Shown } from "@/lib/i18n/message-text";

/**
 * One labelled input of the farm forms: its hint and error tied to it, required marked and announced,
 * invalid while it has an error.
 */
export function FormField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  type = "text",
  inputMode,
  maxLength,
  min,
  max,
  disabled = false,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: Shown | undefined;
  hint?: string | undefined;
  required?: boolean;
  type?: "text" | "date";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number | undefined;
  min?: string | undefined;
  max?: string | undefined;
  disabled?: boolean;
  className?: string | undefined;
}) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <Input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        maxLength={maxLength}
        min={min}
        max={max}
        disabled={disabled}
        className="min-h-11"
        aria-required={required || undefined}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, Boolean(hint))}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
