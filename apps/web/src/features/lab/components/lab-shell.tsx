import { ClipboardList, Inbox, LogOut, UserCog, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import { NavLink } from "react-router";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Logo } from "@/components/logo";
import { paths } from "@/config/paths";
import type { LabSession } from "@/lib/lab-session";

import { labSignOut } from "../api/lab-logout";
import { LabAccountDialog } from "./lab-account-dialog";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700 max-lg:min-h-11",
    isActive ? "bg-teal-50 text-teal-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

/** The console's frame: logo, Queue and Agents, the staff member, Account and Sign Out. */
export function LabShell({ session, children }: { session: LabSession; children: ReactNode }) {
  const [accountOpen, setAccountOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800 focus:shadow"
      >
        Skip to main content
      </a>
      {/* On a phone the console's header takes two rows and the navigation (about 160 px): it scrolls
          away instead of covering a fifth of the screen; from sm it stays on top. */}
      <header className="z-30 border-b border-slate-200 bg-white sm:sticky sm:top-0">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo to={paths.lab.href()} compact />
            <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
              Lab Console
            </span>
          </div>
          <div className="flex items-center gap-2">
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
          </div>
        </div>
        <nav aria-label="Lab" className="border-t border-slate-200 px-2 py-1.5 sm:px-4">
          <ul className="flex gap-1">
            <li>
              <NavLink to={paths.lab.href()} end className={linkClass}>
                <ClipboardList aria-hidden="true" className="h-4 w-4" />
                Queue
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.labAgents.href()} className={linkClass}>
                <Users aria-hidden="true" className="h-4 w-4" />
                Agents
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.labEnquiries.href()} className={linkClass}>
                <Inbox aria-hidden="true" className="h-4 w-4" />
                Enquiries
              </NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="min-w-0 flex-1 px-4 py-5 sm:px-6 lg:px-8">
        {children}
      </main>
      <LabAccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </div>
  );
}
