import { ClipboardList, Inbox, LogOut, Scale, ShieldCheck, UserCog, Users } from "lucide-react";
import { useState, type ReactNode } from "react";

import { AppShell, type NavItem } from "@/components/layouts/app-shell";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { LabSession } from "@/lib/lab-session";

import { labSignOut } from "../api/lab-logout";
import { useCurrentStaff } from "../hooks/use-current-staff";
import { hasRole } from "../utils/staff-roles";
import { LabAccountDialog } from "./lab-account-dialog";

const navigation: NavItem[] = [
  { label: "Queue", to: paths.lab.href(), icon: <ClipboardList aria-hidden="true" className="h-4 w-4" /> },
  { label: "Agents", to: paths.labAgents.href(), icon: <Users aria-hidden="true" className="h-4 w-4" /> },
  {
    label: "Enquiries",
    to: paths.labEnquiries.href(),
    icon: <Inbox aria-hidden="true" className="h-4 w-4" />,
  },
  { label: "Markets", to: paths.labMarkets.href(), icon: <Scale aria-hidden="true" className="h-4 w-4" /> },
];

// Staff accounts are an admin's tool: others do not see the tab (the API refuses them anyway).
const staffItem: NavItem = {
  label: "Staff",
  to: paths.labStaff.href(),
  icon: <ShieldCheck aria-hidden="true" className="h-4 w-4" />,
};

/** The console in the app's one shell: logo and pill, Queue, Agents, Enquiries, Markets (and Staff for admins), the staff member, Account and Sign Out. */
export function LabShell({ session, children }: { session: LabSession; children: ReactNode }) {
  const [accountOpen, setAccountOpen] = useState(false);
  const me = useCurrentStaff();
  return (
    <>
      <AppShell
        layout="tabs"
        navLabel="Lab"
        homeHref={paths.lab.href()}
        navigation={hasRole(me ?? session.staff, "admin") ? [...navigation, staffItem] : navigation}
        badge={
          <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
            Lab Console
          </span>
        }
        userMenu={
          <>
            <span className="hidden text-sm text-slate-700 md:inline">{session.staff.name}</span>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              aria-haspopup="dialog"
              icon={<UserCog aria-hidden="true" className="h-4 w-4" />}
              onClick={() => setAccountOpen(true)}
            >
              Account
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
              onClick={() => void labSignOut()}
            >
              Sign Out
            </Button>
          </>
        }
      >
        {children}
      </AppShell>
      <LabAccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </>
  );
}
