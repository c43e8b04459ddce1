import { Link } from "react-router";

import { LAB_ADDRESS, LAB_EMAIL, LAB_NAME, LAB_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

const links = [
  { label: "public.nav.blog", to: paths.blog.href() },
  { label: "public.nav.careers", to: paths.careers.href() },
  { label: "public.footer.privacy", to: paths.privacy.href() },
  { label: "public.footer.terms", to: paths.terms.href() },
  { label: "public.footer.verify", to: paths.verify.href() },
] as const;

export function SiteFooter() {
  const { t } = useT("public");
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div className="min-w-0">
          <p lang="en" className="text-base font-semibold text-white">
            {LAB_NAME}
          </p>
          <p className="mt-2 text-sm text-slate-300">{t("public.footer.about")}</p>
        </div>
        <nav aria-label={t("public.footer.label")} className="min-w-0">
          <p className="text-sm font-semibold text-white">{t("public.footer.company")}</p>
          <ul className="mt-2 text-sm lg:space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 min-w-11 items-center break-words text-slate-200 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white lg:inline lg:min-h-0 lg:min-w-0"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-white">{t("public.footer.contact")}</p>
          <address lang="en" className="mt-2 space-y-1 text-slate-300 not-italic">
            <span className="block">{LAB_ADDRESS}</span>
            <a
              href={`mailto:${LAB_EMAIL}`}
              className="flex min-h-11 items-center break-all text-slate-200 hover:text-white hover:underline lg:block lg:min-h-0"
            >
              {LAB_EMAIL}
            </a>
            <a
              href={`tel:${LAB_PHONE.replace(/\s/g, "")}`}
              className="flex min-h-11 items-center text-slate-200 hover:text-white hover:underline lg:block lg:min-h-0"
            >
              {LAB_PHONE}
            </a>
          </address>
        </div>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400">
        {t("public.footer.copyright", { year: new Date().getFullYear(), name: LAB_NAME })}
      </p>
    </footer>
  );
}
