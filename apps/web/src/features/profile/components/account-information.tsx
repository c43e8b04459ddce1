import { useId } from "react";

import type { Customer } from "@lab/contracts";

export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString("en-IN", { year: "numeric", month: "long", day: "numeric" });
}

/** Customer ID, Member Since (N/A when missing), Last Updated (only when present). */
export function AccountInformation({
  customer,
  headingLevel = 2,
}: {
  customer: Customer;
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Inside the Profile Settings modal it is a plain block, not a second "Account Information" region.
  const Wrapper = headingLevel === 2 ? "section" : "div";
  const memberSince = formatDate(customer.createdAt) ?? "N/A";
  const lastUpdated = formatDate(customer.updatedAt);
  return (
    <Wrapper
      aria-labelledby={headingLevel === 2 ? titleId : undefined}
      className="rounded-lg bg-slate-50 p-4"
    >
      <Heading id={titleId} className="text-base font-semibold text-slate-900">
        Account Information
      </Heading>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-700">Customer ID</dt>
          <dd className="font-medium text-slate-900">{customer.id}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Member Since</dt>
          <dd className="font-medium text-slate-900">{memberSince}</dd>
        </div>
        {lastUpdated ? (
          <div>
            <dt className="text-slate-700">Last Updated</dt>
            <dd className="font-medium text-slate-900">{lastUpdated}</dd>
          </div>
        ) : null}
      </dl>
    </Wrapper>
  );
}
