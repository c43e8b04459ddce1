import {
  Ban,
  Building2,
  ClipboardList,
  Inbox,
  LogOut,
  PackageCheck,
  Scale,
  ShieldCheck,
  UserCog,
  Users,
} from "lucide-react";
import { useState, type ReactNode } from "react";

import { AppShell, type NavItem } from "@/components/layouts/app-shell";
import { LanguagePicker } from "@/components/language-picker";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";
import type { LabSession } from "@/lib/lab-session";

import { labSignOut } from "../api/lab-logout";
import { updateMyLanguage } from "../api/update-my-language";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { hasRole } from "@/lib/lab-staff-roles";
import { LabAccountDialog } from "./lab-account-dialog";

/**
 * The console in the app's one shell: logo and pill, Queue, Reception, Agents, Customers, Enquiries, Markets, Revocations
 * (and Staff for admins), the language picker, the staff member, Account and Sign Out.
 */
export function LabShell({ session, children }: { session: LabSession; children: ReactNode }) {
  const { t } = useT("lab");
  const toast = useToast();
  const [accountOpen, setAccountOpen] = useState(false);
  const me = useCurrentStaff();
  const navigation: NavItem[] = [
    {
      label: t("lab.nav.queue"),
      to: paths.lab.href(),
      icon: <ClipboardList aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: t("lab.nav.reception"),
      to: paths.labReception.href(),
      icon: <PackageCheck aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: t("lab.nav.agents"),
      to: paths.labAgents.href(),
      icon: <Users aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: t("lab.nav.customers"),
      to: paths.labCustomers.href(),
      icon: <Building2 aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: t("lab.nav.enquiries"),
      to: paths.labEnquiries.href(),
      icon: <Inbox aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: t("lab.nav.markets"),
      to: paths.labMarkets.href(),
      icon: <Scale aria-hidden="true" className="h-4 w-4" />,
    },
    {
      label: t("lab.nav.revocations"),
      to: paths.labRevocations.href(),
      icon: <Ban aria-hidden="true" className="h-4 w-4" />,
    },
  ];
  // Staff accounts are an admin's tool: others do not see the tab (the API refuses them anyway).
  const staffItem: NavItem = {
    label: t("lab.nav.staff"),
    to: paths.labStaff.href(),
    icon: <ShieldCheck aria-hidden="true" className="h-4 w-4" />,
  };
  return (
    <>
      <AppShell
        layout="tabs"
        navLabel={t("lab.nav.label")}
        homeHref={paths.lab.href()}
        navigation={hasRole(me ?? session.staff, "admin") ? [...navigation, staffItem] : navigation}
        badge={
          <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
            {t("lab.shell.badge")}
          </span>
        }
        userMenu={
          // Wraps on a 360 px phone: picker, Account and Sign Out in Telugu or Hindi outgrow one line.
          <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
            <LanguagePicker
              // The choice follows the member to every device; this one has it already.
              onChosen={(language) => {
                updateMyLanguage(language).catch(() => toast.warning(t("lab.shell.languageNotSaved")));
              }}
            />
            <span className="hidden text-sm text-slate-700 md:inline">{session.staff.name}</span>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              aria-haspopup="dialog"
              icon={<UserCog aria-hidden="true" className="h-4 w-4" />}
              onClick={() => setAccountOpen(true)}
            >
              {t("lab.shell.account")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
              onClick={() => void labSignOut()}
            >
              {t("lab.shell.signOut")}
            </Button>
          </div>
        }
      >
        {children}
      </AppShell>
      <LabAccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </>
  );
}
