import { QueryClientProvider } from "@tanstack/react-query";
import { BookOpen, ClipboardList, FileText, LayoutDashboard, Send, Users } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";

import { AppShell, type NavItem } from "@/components/layouts/app-shell";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useRealtimeUpdates } from "@/features/notifications/hooks/use-realtime-updates";
import { UserMenu } from "@/features/profile/components/user-menu";
import { useAccountLanguage } from "@/features/profile/hooks/use-account-language";
import { discardEarly } from "@/lib/early-requests";
import { afterFirstScreen } from "@/lib/first-screen";
import { useT } from "@/lib/i18n/use-t";
import { queryClient } from "@/lib/query-client";

import { prefetchRouteError } from "../../route-error-boundary";

/** The live connection (its client is loaded on demand, after sign-in). */
function RealtimeUpdates() {
  useRealtimeUpdates();
  return null;
}

/**
 * Once the first screen's data is in: the error page is fetched (not beside that data), and early
 * requests nobody took are forgotten (a later refetch must not get their old answer).
 */
function AfterFirstScreen() {
  useEffect(
    () =>
      void afterFirstScreen(queryClient).then(() => {
        discardEarly();
        prefetchRouteError();
      }),
    [],
  );
  return null;
}

/** The account's saved language follows the person here (another device may have changed it). */
function AccountLanguage() {
  useAccountLanguage();
  return null;
}

function Shell() {
  const { t } = useT("account");
  // Only screens that exist are linked; the others arrive with their issues.
  const navigation: NavItem[] = [
    {
      label: t("account.shell.nav.dashboard"),
      to: paths.dashboard.href(),
      icon: <LayoutDashboard aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.providers"),
      to: paths.customers.href(),
      icon: <Users aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.submitSample"),
      to: paths.submitSample.href(),
      icon: <Send aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.samples"),
      to: paths.samples.href(),
      icon: <ClipboardList aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.ledger"),
      to: paths.ledger.href(),
      icon: <BookOpen aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.reports"),
      to: paths.reports.href(),
      icon: <FileText aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
  ];
  return (
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
      <AfterFirstScreen />
      <AccountLanguage />
      {/* A screen waiting for its catalogue namespaces waits inside the shell, not over it. */}
      <Suspense fallback={<LoadingState label={t("common.loading")} />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

export default function AppRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
