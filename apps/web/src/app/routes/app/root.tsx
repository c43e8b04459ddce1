import { QueryClientProvider } from "@tanstack/react-query";
import { BookOpen, ClipboardList, FileText, LayoutDashboard, Send, Users } from "lucide-react";
import { Outlet } from "react-router";

import { AppShell, type NavItem } from "@/components/layouts/app-shell";
import { paths } from "@/config/paths";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useRealtimeUpdates } from "@/features/notifications/hooks/use-realtime-updates";
import { UserMenu } from "@/features/profile/components/user-menu";
import { queryClient } from "@/lib/query-client";

// Only screens that exist are linked; the others arrive with their issues.
const navigation: NavItem[] = [
  {
    label: "Dashboard",
    to: paths.dashboard.href(),
    icon: <LayoutDashboard aria-hidden="true" className="h-5 w-5" />,
  },
  {
    label: "Sample Providers",
    to: paths.customers.href(),
    icon: <Users aria-hidden="true" className="h-5 w-5" />,
  },
  {
    label: "Submit Sample",
    to: paths.submitSample.href(),
    icon: <Send aria-hidden="true" className="h-5 w-5" />,
  },
  {
    label: "My Samples",
    to: paths.samples.href(),
    icon: <ClipboardList aria-hidden="true" className="h-5 w-5" />,
  },
  {
    label: "Ledger",
    to: paths.ledger.href(),
    icon: <BookOpen aria-hidden="true" className="h-5 w-5" />,
  },
  {
    label: "Reports",
    to: paths.reports.href(),
    icon: <FileText aria-hidden="true" className="h-5 w-5" />,
  },
];

/** The live connection (its client is loaded on demand, after sign-in). */
function RealtimeUpdates() {
  useRealtimeUpdates();
  return null;
}

export default function AppRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        homeHref={paths.dashboard.href()}
        navigation={navigation}
        userMenu={
          <>
            <NotificationBell />
            <UserMenu />
          </>
        }
      >
        <RealtimeUpdates />
        <Outlet />
      </AppShell>
    </QueryClientProvider>
  );
}
