import { Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";

import { LAB_ADDRESS, LAB_EMAIL, LAB_PHONE } from "@/config/brand";
import { useT } from "@/lib/i18n/use-t";

/**
 * Contact details and the form that sends an enquiry to the lab (it reaches the lab by mail),
 * composed by the route (it belongs to the enquiries feature).
 */
export function ContactSection({ contactForm }: { contactForm: ReactNode }) {
  const { t } = useT("public");
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-slate-50 py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div className="min-w-0 space-y-4">
          <h2 id="contact-title" className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {t("public.landing.contact.title")}
          </h2>
          <p className="text-slate-700">{t("public.landing.contact.intro")}</p>
          {/* The address, e-mail and phone are written in English, as on the certificate. */}
          <ul lang="en" className="space-y-3 text-sm text-slate-800">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
              {LAB_ADDRESS}
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
              <a
                href={`mailto:${LAB_EMAIL}`}
                className="text-teal-800 hover:underline max-lg:-my-3 max-lg:inline-flex max-lg:min-h-11 max-lg:items-center"
              >
                {LAB_EMAIL}
              </a>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
              {LAB_PHONE}
            </li>
          </ul>
        </div>
        {contactForm}
      </div>
    </section>
  );
}
