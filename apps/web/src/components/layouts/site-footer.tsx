import { Link } from "react-router";

import { LAB_ADDRESS, LAB_EMAIL, LAB_NAME, LAB_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";

const links = [
  { label: "Blog", to: paths.blog.href() },
  { label: "Careers", to: paths.careers.href() },
  { label: "Privacy Policy", to: paths.privacy.href() },
  { label: "Terms of Service", to: paths.terms.href() },
  { label: "Verify a Certificate", to: paths.verify.href() },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="text-base font-semibold text-white">{LAB_NAME}</p>
          <p className="mt-2 text-sm text-slate-300">
            ISO 17025 accredited testing for shrimp and aquaculture: residues, dyes, water quality, disease
            and microbiology.
          </p>
        </div>
        <nav aria-label="Footer">
          <p className="text-sm font-semibold text-white">Company</p>
          <ul className="mt-2 text-sm lg:space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 min-w-11 items-center text-slate-200 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white lg:inline lg:min-h-0 lg:min-w-0"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <p className="font-semibold text-white">Contact</p>
          <address className="mt-2 space-y-1 text-slate-300 not-italic">
            <span className="block">{LAB_ADDRESS}</span>
            <a
              href={`mailto:${LAB_EMAIL}`}
              className="flex min-h-11 items-center text-slate-200 hover:text-white hover:underline lg:block lg:min-h-0"
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
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {LAB_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
