import { Suspense, useEffect, useMemo } from "react";
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { RouteObject } from "react-router";

import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { afterSignInHref, signInHref } from "@/features/auth/utils/return-to";
import { signedOutByChoice, useRestoring, useSession } from "@/lib/auth";
import { useMembership } from "@/lib/membership";
import { useCommonText } from "@/lib/i18n/use-t";

import { lazyPage } from "./lazy-page";
import { prefetchRouteError, RouteErrorBoundary } from "./route-error-boundary";

function RootLayout() {
  return (
    <>
      {/* A page opened afresh (a link from a mail, a typed address) has the key "default", like every
          other fresh load in this tab: keyed by path instead, it never gets another page's position. */}
      <ScrollRestoration
        getKey={(location) => (location.key === "default" ? location.pathname : location.key)}
      />
      {/* A screen waits here while its catalogue namespaces load in the reader's language. */}
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

const LOADING_ENGLISH = "Loading...";

// Never suspends nor fails: "common" loads before the first render (main.tsx), else English.
function PageFallback() {
  const text = useCommonText();
  return <LoadingState label={text("common.loading", LOADING_ENGLISH)} className="min-h-screen" />;
}

/**
 * Protected routes: nobody signed in → /login, which brings the person back here after sign-in.
 * While start-up asks the server for a session (refresh cookie), wait.
 */
export function RequireAuth() {
  const session = useSession();
  const restoring = useRestoring();
  const location = useLocation();
  if (restoring) return <PageFallback />;
  if (!session) {
    const here = signedOutByChoice() ? paths.dashboard.href() : `${location.pathname}${location.search}`;
    return <Navigate to={signInHref(here)} replace />;
  }
  return <Outlet />;
}

/**
 * Screens of samples, reports, providers and the ledger: a billing member sees none of them and lands
 * on their organisation's page; `write` screens (submitting a sample) also turn away a results-only
 * member. The API refuses them either way (403 memberRoleForbidden).
 */
export function RequireSampleAccess({ write = false }: { write?: boolean }) {
  const membership = useMembership();
  if (membership && !membership.readsSamples) return <Navigate to={paths.organisation.href()} replace />;
  if (membership && write && !membership.writesSamples)
    return <Navigate to={paths.dashboard.href()} replace />;
  return <Outlet />;
}

/** Signed-out-only routes: a signed-in user goes to the page /login was asked to return to, else /dashboard. */
export function GuestOnly() {
  const session = useSession();
  const restoring = useRestoring();
  const location = useLocation();
  if (restoring) return <PageFallback />;
  if (session) return <Navigate to={afterSignInHref(location.search)} replace />;
  return <Outlet />;
}

/**
 * `/` and unknown paths go to /dashboard, which sends nobody-signed-in on to /login:
 * they go straight there, so a signed-out visitor downloads no chunk of the signed-in app first.
 */
export function HomeRedirect() {
  const session = useSession();
  if (useRestoring()) return <PageFallback />;
  return <Navigate to={session ? paths.dashboard.href() : paths.login.href()} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageFallback,
    // The last resort, whole-page; the layouts below keep their shell around their own.
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <GuestOnly />,
        children: [{ path: paths.login.path, lazy: lazyPage(() => import("./routes/landing/login")) }],
      },
      { path: paths.privacy.path, lazy: lazyPage(() => import("./routes/public/privacy")) },
      { path: paths.terms.path, lazy: lazyPage(() => import("./routes/public/terms")) },
      { path: paths.careers.path, lazy: lazyPage(() => import("./routes/public/careers")) },
      { path: paths.blog.path, lazy: lazyPage(() => import("./routes/public/blog")) },
      { path: paths.verify.path, lazy: lazyPage(() => import("./routes/public/verify")) },
      { path: paths.lotCheck.path, lazy: lazyPage(() => import("./routes/public/lot-check")) },
      { path: paths.gate.path, lazy: lazyPage(() => import("./routes/public/gate")) },
      { path: paths.unsubscribe.path, lazy: lazyPage(() => import("./routes/public/unsubscribe")) },
      { path: paths.invitation.path, lazy: lazyPage(() => import("./routes/public/invitation")) },
      {
        path: paths.newsletterConfirm.path,
        lazy: lazyPage(() => import("./routes/public/newsletter-confirm")),
      },
      {
        path: paths.newsletterUnsubscribe.path,
        lazy: lazyPage(() => import("./routes/public/newsletter-unsubscribe")),
      },
      // The lab console: its own sign-in and session; each screen its own lazy chunk.
      { path: paths.labLogin.path, lazy: lazyPage(() => import("./routes/lab/login")) },
      {
        lazy: lazyPage(() => import("./routes/lab/root")),
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            // A screen that fails shows its error inside the console's shell.
            errorElement: <RouteErrorBoundary />,
            children: [
              { path: paths.lab.path, lazy: lazyPage(() => import("./routes/lab/queue")) },
              { path: paths.labSample.path, lazy: lazyPage(() => import("./routes/lab/sample")) },
              { path: paths.labAgents.path, lazy: lazyPage(() => import("./routes/lab/agents")) },
              { path: paths.labCustomers.path, lazy: lazyPage(() => import("./routes/lab/customers")) },
              { path: paths.labCustomer.path, lazy: lazyPage(() => import("./routes/lab/customer")) },
              { path: paths.labEnquiries.path, lazy: lazyPage(() => import("./routes/lab/enquiries")) },
              { path: paths.labStaff.path, lazy: lazyPage(() => import("./routes/lab/staff")) },
              { path: paths.labMarkets.path, lazy: lazyPage(() => import("./routes/lab/markets")) },
              {
                path: paths.labRevocations.path,
                lazy: lazyPage(() => import("./routes/lab/revocations")),
              },
              { path: paths.labReception.path, lazy: lazyPage(() => import("./routes/lab/reception")) },
              { path: `${paths.lab.path}/*`, element: <Navigate to={paths.lab.href()} replace /> },
            ],
          },
        ],
      },
      // The field agent's app: its own sign-in and session; each screen its own lazy chunk.
      { path: paths.fieldSignIn.path, lazy: lazyPage(() => import("./routes/field/sign-in")) },
      { path: paths.fieldJoin.path, lazy: lazyPage(() => import("./routes/field/join")) },
      {
        lazy: lazyPage(() => import("./routes/field/root")),
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              { path: paths.field.path, lazy: lazyPage(() => import("./routes/field/jobs")) },
              { path: paths.fieldJob.path, lazy: lazyPage(() => import("./routes/field/collect")) },
              { path: `${paths.field.path}/*`, element: <Navigate to={paths.field.href()} replace /> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(() => import("./routes/app/root")),
            errorElement: <RouteErrorBoundary />,
            children: [
              {
                // A screen that fails shows its error inside the app's shell (its menu stays).
                errorElement: <RouteErrorBoundary />,
                children: [
                  { path: paths.profile.path, lazy: lazyPage(() => import("./routes/app/profile")) },
                  {
                    path: paths.organisation.path,
                    lazy: lazyPage(() => import("./routes/app/organisation")),
                  },
                  { path: paths.members.path, lazy: lazyPage(() => import("./routes/app/members")) },
                  { path: paths.activity.path, lazy: lazyPage(() => import("./routes/app/activity")) },
                  {
                    element: <RequireSampleAccess />,
                    children: [
                      { path: paths.dashboard.path, lazy: lazyPage(() => import("./routes/app/dashboard")) },
                      { path: paths.customers.path, lazy: lazyPage(() => import("./routes/app/customers")) },
                      { path: paths.samples.path, lazy: lazyPage(() => import("./routes/app/samples")) },
                      { path: paths.ledger.path, lazy: lazyPage(() => import("./routes/app/ledger")) },
                      { path: paths.timeline.path, lazy: lazyPage(() => import("./routes/app/timeline")) },
                      { path: paths.reports.path, lazy: lazyPage(() => import("./routes/app/reports")) },
                      { path: paths.report.path, lazy: lazyPage(() => import("./routes/app/report")) },
                      { path: paths.farms.path, lazy: lazyPage(() => import("./routes/app/farms")) },
                      { path: paths.farm.path, lazy: lazyPage(() => import("./routes/app/farm")) },
                      { path: paths.shared.path, lazy: lazyPage(() => import("./routes/app/shared")) },
                      {
                        path: paths.sharedSample.path,
                        lazy: lazyPage(() => import("./routes/app/shared-sample")),
                      },
                    ],
                  },
                  {
                    element: <RequireSampleAccess write />,
                    children: [
                      {
                        path: paths.submitSample.path,
                        lazy: lazyPage(() => import("./routes/app/submit-sample")),
                      },
                      {
                        path: paths.sampleProcessing.path,
                        lazy: lazyPage(() => import("./routes/app/submit-sample")),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.home.path, element: <HomeRedirect /> },
      { path: "*", element: <HomeRedirect /> },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  // The first move to another screen brings the error page along, before that screen could fail.
  useEffect(
    () =>
      router.subscribe((state) => {
        if (state.initialized && state.navigation.state !== "idle") prefetchRouteError();
      }),
    [router],
  );
  return <RouterProvider router={router} />;
}
