import { Bug, Droplets, FlaskConical, Microscope, Palette, Pill } from "lucide-react";
import type { ReactNode } from "react";

import { useT } from "@/lib/i18n/use-t";

const services = [
  { id: "antibiotics", icon: <Pill aria-hidden="true" className="h-6 w-6" /> },
  { id: "dyes", icon: <Palette aria-hidden="true" className="h-6 w-6" /> },
  { id: "water", icon: <Droplets aria-hidden="true" className="h-6 w-6" /> },
  { id: "sodium", icon: <FlaskConical aria-hidden="true" className="h-6 w-6" /> },
  { id: "disease", icon: <Bug aria-hidden="true" className="h-6 w-6" /> },
  { id: "microbiology", icon: <Microscope aria-hidden="true" className="h-6 w-6" /> },
] as const satisfies readonly { id: string; icon: ReactNode }[];

export function ServicesSection() {
  const { t } = useT("public");
  return (
    <section id="services" aria-labelledby="services-title" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="services-title" className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {t("public.landing.services.title")}
          </h2>
          <p className="mt-2 text-slate-700">{t("public.landing.services.intro")}</p>
        </div>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.id} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-5">
              <span className="inline-flex rounded-lg bg-teal-100 p-2 text-teal-800">{service.icon}</span>
              <h3 className="mt-3 text-lg font-semibold break-words text-slate-900">
                {t(`public.landing.services.${service.id}.title`)}
              </h3>
              <p className="mt-1 text-sm text-slate-700">
                {t(`public.landing.services.${service.id}.description`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
