import { useId } from "react";

import type { Customer } from "@lab/contracts";

import { useT } from "@/lib/i18n/use-t";

/** Customer ID, Member Since (N/A when missing), Last Updated (only when present). */
export function AccountInformation({
  customer,
  headingLevel = 2,
}: {
  customer: Customer;
  headingLevel?: 2 | 3;
}) {
  const { t, date } = useT("account");
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Inside the Profile Settings modal it is a plain block, not a second "Account Information" region.
  const Wrapper = headingLevel === 2 ? "section" : "div";
  // A long date in the reader's language, India time; empty for a missing or broken value.
  const longDate = (value: string | null | undefined) => (value ? date(value, "longDate") : "");
  const memberSince = longDate(customer.createdAt) || t("account.profile.info.notAvailable");
  const lastUpdated = longDate(customer.updatedAt);
  return (
    <Wrapper
      aria-labelledby={headingLevel === 2 ? titleId : undefined}
      className="rounded-lg bg-slate-50 p-4"
    >
      <Heading id={titleId} className="text-base font-semibold text-slate-900">
        {t("account.profile.info.title")}
      </Heading>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="break-words text-slate-700">{t("account.profile.info.customerId")}</dt>
          <dd className="font-medium text-slate-900">{customer.id}</dd>
        </div>
        <div className="min-w-0">
          <dt className="break-words text-slate-700">{t("account.profile.info.memberSince")}</dt>
          <dd className="font-medium text-slate-900">{memberSince}</dd>
        </div>
        {lastUpdated ? (
          <div className="min-w-0">
            <dt className="break-words text-slate-700">{t("account.profile.info.lastUpdated")}</dt>
            <dd className="font-medium text-slate-900">{lastUpdated}</dd>
          </div>
        ) : null}
      </dl>
    </Wrapper>
  );
}
