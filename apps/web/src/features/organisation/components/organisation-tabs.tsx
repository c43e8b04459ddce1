import { NavLink } from "react-router";

import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";
import { useMembership } from "@/lib/membership";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700",
    isActive ? "bg-teal-50 text-teal-900" : "text-slate-700 hover:bg-slate-100",
  );

/** Profile, Organisation, Members and (admins) Activity: the account's pages as tabs. */
export function OrganisationTabs() {
  const { t } = useT("organisation");
  const membership = useMembership();
  const tabs = [
    { to: paths.profile.href(), label: t("organisation.tabs.profile") },
    { to: paths.organisation.href(), label: t("organisation.tabs.organisation") },
    { to: paths.members.href(), label: t("organisation.tabs.members") },
    ...(membership?.isAdmin ? [{ to: paths.activity.href(), label: t("organisation.tabs.activity") }] : []),
  ];
  return (
    <nav aria-label={t("organisation.tabs.label")} className="mx-auto mb-4 max-w-3xl">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end className={tabClass}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
