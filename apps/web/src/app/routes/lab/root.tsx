import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { Navigate, Outlet } from "react-router";

import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { LabShell } from "@/features/lab-auth/components/lab-shell";
import { useLabSession } from "@/lib/lab-session";
import { useT } from "@/lib/i18n/use-t";
import { queryClient } from "@/lib/query-client";

// "common" is loaded at start-up, so the fallback itself never suspends.
function Fallback() {
  const { t } = useT();
  return <LoadingState label={t("common.loading")} className="min-h-[50vh]" />;
}

/**
 * The console's guard and frame (its screens are the route table's children, app/router.tsx): no lab
 * session → /lab/login (the customer session plays no part).
 */
export default function LabRoot() {
  const session = useLabSession();
  if (!session) return <Navigate to={paths.labLogin.href()} replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <LabShell session={session}>
        <Suspense fallback={<Fallback />}>
          <Outlet />
        </Suspense>
      </LabShell>
    </QueryClientProvider>
  );
}
