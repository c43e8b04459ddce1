import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";

const sectionLinks = [
  { label: "Home", href: "#home" },
  { label: "Services", href: "#services" },
  { label: "About", href: "#about" },
  { label: "Contact", href: "#contact" },
];

const pageLinks = [
  { label: "Blog", to: paths.blog.href() },
  { label: "Careers", to: paths.careers.href() },
];

const linkClass =
  "flex items-center rounded-md px-3 py-2 max-lg:min-h-11 text-sm font-medium text-slate-700 hover:bg-teal-50 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700";

export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-1.5 sm:px-6 sm:py-3">
        <Logo to={paths.login.href()} />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 md:hidden"
          aria-expanded={open}
          aria-controls="landing-mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <X aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Menu aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      </div>
      <nav
        id="landing-mobile-menu"
        aria-label="Main mobile"
        hidden={!open}
        className={cn("border-t border-slate-200 px-4 pb-3 md:hidden")}
      >
        <ul className="flex flex-col pt-2">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={linkClass} onClick={close}>
                {link.label}
              </a>
            </li>
          ))}
          {pageLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
