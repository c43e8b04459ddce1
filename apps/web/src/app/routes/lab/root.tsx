import { QueryClientProvider } from "@tanstack/react-query";
import { Navigate, Outlet } from "react-router";

import { paths } from "@/config/paths";
import { LabShell } from "@/features/lab/components/lab-shell";
import { labQueryClient } from "@/features/lab/utils/lab-query-client";
import { useLabSession } from "@/features/lab/utils/lab-session";

/** The console's guard and frame: no lab session → /lab/login (the customer session plays no part). */
export default function LabRoot() {
  const session = useLabSession();
  if (!session) return <Navigate to={paths.labLogin.href()} replace />;
  return (
    <QueryClientProvider client={labQueryClient}>
      <LabShell session={session}>
        <Outlet />
      </LabShell>
    </QueryClientProvider>
  );
}
