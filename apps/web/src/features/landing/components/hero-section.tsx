import { Award, CheckCircle2, Clock } from "lucide-react";

import type { ReactNode } from "react";

import { useT } from "@/lib/i18n/use-t";

const highlights = [
  "public.landing.hero.highlight.accredited",
  "public.landing.hero.highlight.rush",
  "public.landing.hero.highlight.tracking",
] as const;

/** `authCard`: the sign-in/register card, composed by the route (it belongs to the auth feature). */
export function HeroSection({ authCard }: { authCard: ReactNode }) {
  const { t } = useT("public");
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="bg-gradient-to-br from-teal-50 via-white to-sky-50"
    >
      {/*
        On a phone the heading, then the Sign In card (above the fold at 360×740), then the pitch; from
        lg the pitch fills the left column beside the card, as before.
      */}
      <div className="mx-auto grid max-w-6xl items-start gap-x-10 gap-y-6 px-4 py-5 sm:px-6 sm:py-12 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-y-6 lg:py-20">
        <div className="min-w-0 space-y-3 sm:space-y-6 lg:col-start-1 lg:row-start-1">
          <p className="inline-flex items-center gap-2 rounded-full bg-teal-100 px-3 py-1 text-xs font-semibold text-teal-900">
            <Award aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t("public.landing.hero.badge")}
          </p>
          <h1
            id="home-title"
            className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl lg:text-5xl"
          >
            {t("public.landing.hero.title")}
          </h1>
        </div>
        <div className="flex min-w-0 justify-center lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:justify-end">
          {authCard}
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <p className="max-w-xl text-base text-slate-700 sm:text-lg">{t("public.landing.hero.intro")}</p>
          <ul className="space-y-2">
            {highlights.map((key) => (
              <li key={key} className="flex items-center gap-2 text-sm text-slate-800">
                <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
                <span className="min-w-0">{t(key)}</span>
              </li>
            ))}
          </ul>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-sky-700" />
            <span className="min-w-0">{t("public.landing.hero.agent")}</span>
          </p>
        </div>
      </div>
    </section>
  );
}
