import { ArrowLeft, Languages } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

import { LanguagePicker } from "../language-picker";
import { Logo } from "../logo";
import { SiteFooter } from "./site-footer";

/** Header with the logo, the language picker and Back to Home (to /), the page, and the footer. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  const { t } = useT("public");
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:gap-4 sm:px-6 sm:py-3">
          <Logo to={paths.home.href()} compact />
          <div className="flex min-w-0 items-center gap-2">
            <LanguagePicker />
            <Link to={paths.home.href()} className={buttonClasses("outline", "sm", "min-w-0")}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4 shrink-0" />
              {/* On a phone the arrow alone (still named), so the bar stays one row beside the picker. */}
              <span className="min-w-0 break-words max-sm:sr-only">{t("common.backToHome")}</span>
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * Says, in the reader's language, that the text below is English only (blog articles, legal texts,
 * job descriptions stay English, docs/i18n.md). Nothing for a reader of English.
 */
export function EnglishOnlyNotice({ children, className }: { children?: ReactNode; className?: string }) {
  const { t, language } = useT();
  if (language === "en") return null;
  return (
    <p
      role="note"
      className={cn(
        "flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200",
        className,
      )}
    >
      <Languages aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="min-w-0 break-words">{children ?? t("common.englishOnlyNotice")}</span>
    </p>
  );
}
