import type { InputHTMLAttributes, Ref } from "react";

import { PASSWORD_MAX } from "@lab/contracts";

import { Field, Input, describedBy } from "@/components/ui/input";

import { PasswordStrength } from "./password-strength";
import { PasswordTips } from "./password-tips";

interface NewPasswordFieldProps {
  id: string;
  label: string;
  /** The value typed so far, for the strength meter. */
  password: string;
  error?: string | undefined;
  /** value/onChange, or react-hook-form's register(...). */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
}

/** A new password: its input, the strength meter with the five rules, and the tips panel. */
export function NewPasswordField({ id, label, password, error, inputProps }: NewPasswordFieldProps) {
  const strengthId = `${id}-strength`;
  return (
    <div className="space-y-2">
      <Field id={id} label={label} error={error}>
        <Input
          id={id}
          type="password"
          autoComplete="new-password"
          className="min-h-11"
          maxLength={PASSWORD_MAX}
          invalid={Boolean(error)}
          aria-describedby={[describedBy(id, error), strengthId].filter(Boolean).join(" ")}
          {...inputProps}
        />
      </Field>
      <PasswordStrength id={strengthId} password={password} />
      <PasswordTips />
    </div>
  );
}
