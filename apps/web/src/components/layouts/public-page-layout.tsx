import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

import { Logo } from "../logo";
import { SiteFooter } from "./site-footer";

/** Header with the logo and Back to Home (to /), the page, and the footer. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Logo to={paths.home.href()} compact />
          <Link to={paths.home.href()} className={buttonClasses("outline", "sm")}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Home
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
