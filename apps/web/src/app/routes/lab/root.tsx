import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";

import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { LabShell } from "@/features/lab/components/lab-shell";
import { useLabSession } from "@/lib/lab-session";
import { queryClient } from "@/lib/query-client";

// Each screen of the console is its own lazy chunk, loaded from here: the entry bundle carries one
// route for the whole console (the /login budget, DESIGN.md section 10).
const LabLogin = lazy(() => import("./login"));
const LabQueue = lazy(() => import("./queue"));
const LabSample = lazy(() => import("./sample"));
const LabAgents = lazy(() => import("./agents"));
const LabEnquiries = lazy(() => import("./enquiries"));

const fallback = <LoadingState label="Loading..." className="min-h-[50vh]" />;

/** The console's guard and frame: no lab session → /lab/login (the customer session plays no part). */
function LabGuard() {
  const session = useLabSession();
  if (!session) return <Navigate to={paths.labLogin.href()} replace />;
  return (
    <LabShell session={session}>
      <Suspense fallback={fallback}>
        <Outlet />
      </Suspense>
    </LabShell>
  );
}

/** Paths below /lab, as the descendant routes want them. */
const below = (path: string) => path.slice(`${paths.lab.path}/`.length);

export default function LabApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={fallback}>
        <Routes>
          <Route path={below(paths.labLogin.path)} element={<LabLogin />} />
          <Route element={<LabGuard />}>
            <Route index element={<LabQueue />} />
            <Route path={below(paths.labSample.path)} element={<LabSample />} />
            <Route path={below(paths.labAgents.path)} element={<LabAgents />} />
            <Route path={below(paths.labEnquiries.path)} element={<LabEnquiries />} />
            <Route path="*" element={<Navigate to={paths.lab.href()} replace />} />
          </Route>
        </Routes>
      </Suspense>
    </QueryClientProvider>
  );
}
