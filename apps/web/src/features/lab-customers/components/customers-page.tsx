import { Building2, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { Alert } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { shownOf } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";

import { useLabOrganisations } from "../api/get-lab-organisations";

const SEARCH_DELAY_MS = 300;

/** The lab's customers: organisations found by their name or a member's name or address. */
export function CustomersPage() {
  const { t, date, number } = useT("lab", "organisation");
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const organisations = useLabOrganisations(q);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("organisation.labCustomers.title")}</h1>
        <p className="text-sm text-slate-700">{t("organisation.labCustomers.intro")}</p>
      </div>
      <div role="search" className="relative">
        <label htmlFor="lab-customers-search" className="sr-only">
          {t("organisation.labCustomers.searchLabel")}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id="lab-customers-search"
          type="search"
          className="min-h-11 pl-9"
          maxLength={100}
          placeholder={t("organisation.labCustomers.searchPlaceholder")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {organisations.isError ? (
        <Alert tone="error" message={shownOf(organisations.error)} />
      ) : organisations.isPending ? (
        <LoadingState label={t("organisation.labCustomers.loading")} />
      ) : organisations.data.length === 0 ? (
        <p className="text-sm text-slate-700">{t("organisation.labCustomers.empty")}</p>
      ) : (
        <ul aria-label={t("organisation.labCustomers.listLabel")} className="space-y-2">
          {organisations.data.map((organisation) => (
            <li key={organisation.id}>
              <Link
                to={paths.labCustomer.href(organisation.id)}
                className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-700"
              >
                <Building2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="block font-semibold text-teal-900">{organisation.name}</span>
                  <span className="block text-sm text-slate-700">
                    {t("organisation.labCustomers.summary", {
                      members: number(organisation.members),
                      count: organisation.members,
                      date: date(organisation.createdAt, "date"),
                    })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
