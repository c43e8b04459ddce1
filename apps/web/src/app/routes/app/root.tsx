import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";

import { AppShell } from "@/components/layouts/app-shell";
import { LoadingState } from "@/components/ui/spinner";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useRealtimeUpdates } from "@/features/notifications/hooks/use-realtime-updates";
import { UserMenu } from "@/features/profile/components/user-menu";
import { useAccountLanguage } from "@/features/profile/hooks/use-account-language";
import { discardEarly } from "@/lib/early-requests";
import { afterFirstScreen } from "@/lib/first-screen";
import { useT } from "@/lib/i18n/use-t";
import { queryClient } from "@/lib/query-client";

import { useAppNavigation } from "../../app-navigation";
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
  const { navigation, homeHref } = useAppNavigation();
  return (
    <AppShell
      homeHref={homeHref}
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
