import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { LanguagePicker } from "@/components/language-picker";
import { Logo } from "@/components/logo";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

const sectionLinks = [
  { label: "public.nav.home", href: "#home" },
  { label: "public.nav.services", href: "#services" },
  { label: "public.nav.about", href: "#about" },
  { label: "public.nav.contact", href: "#contact" },
] as const;

const pageLinks = [
  { label: "public.nav.blog", to: paths.blog.href() },
  { label: "public.nav.careers", to: paths.careers.href() },
] as const;

const linkClass =
  "flex items-center rounded-md px-3 py-2 max-lg:min-h-11 text-sm font-medium text-slate-700 hover:bg-teal-50 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700";

export function LandingHeader() {
  const { t } = useT("public");
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* The language picker stays in the bar on a phone: a farmer who cannot read English must find it. */}
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1.5 sm:gap-4 sm:px-6 sm:py-3">
        <Logo to={paths.login.href()} taglineFromSm />
        <nav aria-label={t("public.nav.main")} className="hidden min-w-0 md:block">
          <ul className="flex flex-wrap items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass}>
                  {t(link.label)}
                </a>
              </li>
            ))}
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <LanguagePicker />
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 md:hidden"
            aria-expanded={open}
            aria-controls="landing-mobile-menu"
            aria-label={open ? t("common.closeMenu") : t("common.openMenu")}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Menu aria-hidden="true" className="h-5 w-5" />
            )}
          </button>
        </div>
      </div>
      <nav
        id="landing-mobile-menu"
        aria-label={t("public.nav.mainMobile")}
        hidden={!open}
        className={cn("border-t border-slate-200 px-4 pb-3 md:hidden")}
      >
        <ul className="flex flex-col pt-2">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={linkClass} onClick={close}>
                {t(link.label)}
              </a>
            </li>
          ))}
          {pageLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass} onClick={close}>
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
