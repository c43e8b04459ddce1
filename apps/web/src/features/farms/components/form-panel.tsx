import type { FormEvent, ReactNode, RefObject } from "react";

import { ErrorBanner } from "@/components/ui/form-errors";
import type { Shown } from "@/lib/i18n/message-text";

/**
 * The framed form the farm page opens in place (add or edit a pond, stock a crop, end it, plan, edit
 * or harvest a lot): a heading that names it, the error about the whole form, then its fields.
 */
export function FormPanel({
  formRef,
  titleId,
  title,
  heading: Heading = "h4",
  error,
  onSubmit,
  className = "space-y-4",
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  titleId: string;
  title: string;
  heading?: "h3" | "h4" | "h5";
  error: Shown | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void onSubmit(event)}
      className={`${className} rounded-lg border border-slate-200 bg-white p-3 sm:p-4`}
    >
      <Heading id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </Heading>
      <ErrorBanner message={error} />
      {children}
    </form>
  );
}
