import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";

import { cn } from "./cn";

const controlClasses = (invalid: boolean, className?: string) =>
  cn(
    "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500",
    "focus:outline-2 focus:outline-offset-0 focus:outline-teal-600",
    "read-only:bg-slate-50 read-only:text-slate-800 disabled:bg-slate-100",
    // A control scrolled into view for its error stays clear of the 116 px sticky header.
    "scroll-mt-36",
    invalid ? "border-red-600" : "border-slate-300",
    className,
  );

interface FieldProps {
  id: string;
  label: ReactNode;
  /** English spec messages (a zod issue, a server `error`) show in the reader's language. */
  error?: Shown | undefined;
  /** The server's `messageCode` of `error`, when it came from the server. */
  errorCode?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above the control, then a hint and an error line tied to the control by id. */
export function Field({ id, label, error, errorCode, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          <LocalizedMessage text={error} messageCode={errorCode} />
        </p>
      ) : null}
    </div>
  );
}

export const describedBy = (id: string, error?: Shown, hint?: boolean): string | undefined =>
  [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid = false, className, ref, ...props }: InputProps) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || undefined}
      className={controlClasses(invalid, className)}
      {...props}
    />
  );
}

interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ invalid = false, className, ref, ...props }: TextareaProps) {
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || undefined}
      className={controlClasses(invalid, className)}
      {...props}
    />
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ invalid = false, className, ref, ...props }: SelectProps) {
  return (
    <select
      ref={ref}
      aria-invalid={invalid || undefined}
      className={controlClasses(invalid, className)}
      {...props}
    />
  );
}
