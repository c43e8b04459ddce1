import { ChevronDown, Menu } from "lucide-react";
import { useState, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

import { Logo } from "../logo";

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

interface AppShellProps {
  homeHref: string;
  navigation: NavItem[];
  /** The account slot at the right of the top bar (notifications, user menu; Account, Sign Out). */
  userMenu: ReactNode;
  /** Beside the logo (the lab's "Lab Console" pill). */
  badge?: ReactNode;
  /**
   * "sidebar" (customer app): side navigation from 640 px, a dropdown below, the header always sticky.
   * "tabs" (lab console): a row of links under the top bar, the header sticky from 640 px (on a phone
   * its two rows and the links, about 160 px, scroll away instead of covering a fifth of the screen).
   */
  layout?: "sidebar" | "tabs";
  /** The accessible name of the navigation ("Main", in the reader's language, when not given; "Lab"). */
  navLabel?: string;
  children: ReactNode;
}

const activeClass = (isActive: boolean) =>
  isActive ? "bg-teal-50 text-teal-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium lg:min-h-0 focus-visible:outline-2 focus-visible:outline-teal-700",
    activeClass(isActive),
  );

const tabLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700 max-lg:min-h-11",
    activeClass(isActive),
  );

/** The signed-in frame of both apps: skip link, top bar (logo, badge, account slot), navigation, main. */
export function AppShell({
  homeHref,
  navigation,
  userMenu,
  badge,
  layout = "sidebar",
  navLabel: givenNavLabel,
  children,
}: AppShellProps) {
  const { t } = useT("account");
  const navLabel = givenNavLabel ?? t("account.shell.navLabel");
  if (layout === "tabs") {
    return (
      <Frame>
        <header className="z-30 border-b border-slate-200 bg-white sm:sticky sm:top-0 print:hidden">
          <TopBar homeHref={homeHref} badge={badge} userMenu={userMenu} wrap />
          <nav aria-label={navLabel} className="border-t border-slate-200 px-2 py-1.5 sm:px-4">
            <ul className="flex flex-wrap gap-1">
              {navigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === homeHref} className={tabLinkClass}>
                    {item.icon}
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="main" className="min-w-0 flex-1 px-4 py-5 sm:px-6 lg:px-8 print:p-0">
          {children}
        </main>
      </Frame>
    );
  }
  return (
    <SidebarShell
      homeHref={homeHref}
      navigation={navigation}
      userMenu={userMenu}
      badge={badge}
      navLabel={navLabel}
    >
      {children}
    </SidebarShell>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800 focus:shadow"
      >
        {t("common.skipToContent")}
      </a>
      {children}
    </div>
  );
}

function TopBar({
  homeHref,
  badge,
  userMenu,
  wrap = false,
}: {
  homeHref: string;
  badge: ReactNode;
  userMenu: ReactNode;
  wrap?: boolean;
}) {
  return (
    <div
      className={cn(
        "flex items-center justify-between",
        wrap ? "flex-wrap gap-2 px-4 py-2.5 sm:px-6" : "gap-3 px-4 py-1 sm:px-6 sm:py-2.5",
      )}
    >
      {badge ? (
        <div className="flex items-center gap-3">
          <Logo to={homeHref} compact />
          {badge}
        </div>
      ) : (
        <Logo to={homeHref} compact />
      )}
      <div className="flex items-center gap-2">{userMenu}</div>
    </div>
  );
}

function SidebarShell({
  homeHref,
  navigation,
  userMenu,
  badge,
  navLabel,
  children,
}: Required<Omit<AppShellProps, "layout" | "badge">> & { badge: ReactNode }) {
  const { t } = useT("account");
  const location = useLocation();
  const [mobileNav, setMobileNav] = useState({ open: false, path: location.pathname });
  // The dropdown closes whenever the route changes.
  const mobileOpen = mobileNav.open && mobileNav.path === location.pathname;
  const current = navigation.find((item) => location.pathname.startsWith(item.to));

  return (
    <Frame>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white print:hidden">
        <TopBar homeHref={homeHref} badge={badge} userMenu={userMenu} />
        <nav
          aria-label={t("account.shell.mobileNavLabel", { name: navLabel })}
          className="border-t border-slate-200 px-4 py-1.5 sm:hidden"
        >
          <button
            type="button"
            aria-expanded={mobileOpen}
            aria-controls="app-mobile-nav"
            onClick={() => setMobileNav({ open: !mobileOpen, path: location.pathname })}
            className="flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <span className="flex min-w-0 items-center gap-2 text-left">
              <Menu aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="min-w-0 break-words">{current?.label ?? t("common.menu")}</span>
            </span>
            <ChevronDown
              aria-hidden="true"
              className={cn("h-4 w-4 shrink-0 transition-transform", mobileOpen && "rotate-180")}
            />
          </button>
          <ul id="app-mobile-nav" hidden={!mobileOpen} className="mt-2 space-y-1">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={navLinkClass}
                  onClick={() => setMobileNav({ open: false, path: "" })}
                >
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="flex flex-1">
        <nav
          aria-label={navLabel}
          className="hidden w-56 shrink-0 border-r border-slate-200 bg-white px-3 py-4 sm:block lg:w-64 print:hidden"
        >
          <ul className="space-y-1">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass}>
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 print:p-0">
          {children}
        </main>
      </div>
    </Frame>
  );
}
