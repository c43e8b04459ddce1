import { ChevronDown, Menu } from "lucide-react";
import { useState, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";

import { cn } from "@/components/ui/cn";

import { Logo } from "../logo";

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

interface AppShellProps {
  homeHref: string;
  navigation: NavItem[];
  userMenu: ReactNode;
  children: ReactNode;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium lg:min-h-0 focus-visible:outline-2 focus-visible:outline-teal-700",
    isActive ? "bg-teal-50 text-teal-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

/** Top bar (logo, user menu), side navigation from 640 px, a dropdown navigation below. */
export function AppShell({ homeHref, navigation, userMenu, children }: AppShellProps) {
  const location = useLocation();
  const [mobileNav, setMobileNav] = useState({ open: false, path: location.pathname });
  // The dropdown closes whenever the route changes.
  const mobileOpen = mobileNav.open && mobileNav.path === location.pathname;
  const current = navigation.find((item) => location.pathname.startsWith(item.to));

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800 focus:shadow"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white print:hidden">
        <div className="flex items-center justify-between gap-3 px-4 py-1 sm:px-6 sm:py-2.5">
          <Logo to={homeHref} compact />
          <div className="flex items-center gap-2">{userMenu}</div>
        </div>
        <nav aria-label="Main mobile" className="border-t border-slate-200 px-4 py-1.5 sm:hidden">
          <button
            type="button"
            aria-expanded={mobileOpen}
            aria-controls="app-mobile-nav"
            onClick={() => setMobileNav({ open: !mobileOpen, path: location.pathname })}
            className="flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <span className="flex items-center gap-2">
              <Menu aria-hidden="true" className="h-4 w-4" />
              {current?.label ?? "Menu"}
            </span>
            <ChevronDown
              aria-hidden="true"
              className={cn("h-4 w-4 transition-transform", mobileOpen && "rotate-180")}
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
          aria-label="Main"
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
    </div>
  );
}
