import { useT } from "@/lib/i18n/use-t";

// Figures stay as written (ISO 17025, 24-48h); their labels are translated.
const stats = [
  { value: "ISO 17025", label: "public.landing.about.stat.accredited" },
  { value: "15+", label: "public.landing.about.stat.years" },
  { value: "10,000+", label: "public.landing.about.stat.samples" },
  { value: "500+", label: "public.landing.about.stat.clients" },
  { value: "24-48h", label: "public.landing.about.stat.turnaround" },
  { value: "99.9%", label: "public.landing.about.stat.accuracy" },
] as const;

export function AboutSection() {
  const { t } = useT("public");
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="bg-gradient-to-br from-teal-800 to-sky-900 py-16 text-white"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <h2 id="about-title" className="text-2xl font-bold break-words sm:text-3xl">
            {t("public.landing.about.title")}
          </h2>
          <p className="text-teal-50">{t("public.landing.about.intro")}</p>
          <p className="text-teal-50">{t("public.landing.about.tracking")}</p>
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {stats.map((stat) => (
            <div key={stat.label} className="min-w-0 rounded-xl bg-white/10 p-4 ring-1 ring-white/20">
              <dt className="text-sm break-words text-teal-50">{t(stat.label)}</dt>
              <dd className="mt-1 text-2xl font-bold text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
