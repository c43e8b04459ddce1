import { Briefcase, ChevronDown, GraduationCap, HeartPulse, MapPin, TrendingUp, Users } from "lucide-react";
import { useState, type ReactNode } from "react";

import { EnglishOnlyNotice } from "@/components/layouts/public-page-layout";
import { cn } from "@/components/ui/cn";
import { LAB_CAREERS_EMAIL } from "@/config/brand";
import { useT } from "@/lib/i18n/use-t";

import { jobOpenings, type JobOpening } from "../data/openings";
import { ApplicationForm } from "./application-form";

const stats = [
  { value: "15+", label: "pages.careers.stat.years" },
  { value: "50+", label: "pages.careers.stat.team" },
  { value: "500+", label: "pages.careers.stat.clients" },
] as const;

const benefits = [
  { id: "health", icon: <HeartPulse aria-hidden="true" className="h-6 w-6" /> },
  { id: "learning", icon: <GraduationCap aria-hidden="true" className="h-6 w-6" /> },
  { id: "progression", icon: <TrendingUp aria-hidden="true" className="h-6 w-6" /> },
  { id: "team", icon: <Users aria-hidden="true" className="h-6 w-6" /> },
] as const satisfies readonly { id: string; icon: ReactNode }[];

function OpeningCard({ opening }: { opening: JobOpening }) {
  const [open, setOpen] = useState(false);
  const detailsId = `opening-${opening.id}-details`;
  const { t } = useT("pages");
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {/* The job's own texts are English only (the page says so): read out as English. */}
        <div lang="en" className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">{opening.title}</h3>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            <span className="flex items-center gap-1">
              <Briefcase aria-hidden="true" className="h-4 w-4" />
              {opening.department}
            </span>
            <span className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="h-4 w-4" />
              {opening.location}
            </span>
            <span>{opening.type}</span>
            <span>{opening.experience}</span>
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={t(open ? "pages.careers.hideDetailsFor" : "pages.careers.viewDetailsFor", {
            title: opening.title,
          })}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-1 self-start rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-teal-800 max-lg:min-h-11 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {open ? t("pages.careers.hideDetails") : t("pages.careers.viewDetails")}
          <ChevronDown
            aria-hidden="true"
            className={cn("h-4 w-4 transition-transform", open && "rotate-180")}
          />
        </button>
      </div>
      <p lang="en" className="mt-3 text-sm text-slate-800">
        {opening.description}
      </p>
      <div
        id={detailsId}
        hidden={!open}
        className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2"
      >
        <div>
          <h4 className="text-sm font-semibold text-slate-900">{t("pages.careers.requirements")}</h4>
          <ul lang="en" className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {opening.requirements.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">{t("pages.careers.responsibilities")}</h4>
          <ul lang="en" className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {opening.responsibilities.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-800 sm:col-span-2">
          <span className="font-semibold">{t("pages.careers.salary")}</span>{" "}
          <span lang="en">{opening.salary}</span>
        </p>
      </div>
    </li>
  );
}

export function CareersPage() {
  const { t } = useT("pages");
  return (
    <>
      <section
        aria-labelledby="careers-title"
        className="bg-gradient-to-br from-teal-800 to-sky-900 text-white"
      >
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h1 id="careers-title" className="text-3xl font-bold break-words sm:text-4xl">
            {t("pages.careers.title")}
          </h1>
          <p className="mt-3 max-w-2xl text-teal-50">{t("pages.careers.intro")}</p>
          <dl className="mt-8 grid max-w-xl grid-cols-3 gap-4">
            {stats.map((stat) => (
              <div key={stat.label} className="min-w-0 rounded-xl bg-white/10 p-4 ring-1 ring-white/20">
                <dt className="text-xs break-words text-teal-50 sm:text-sm">{t(stat.label)}</dt>
                <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="benefits-title" className="text-2xl font-bold text-slate-900">
          {t("pages.careers.benefitsTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <li
              key={benefit.id}
              className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="inline-flex rounded-lg bg-teal-100 p-2 text-teal-800">{benefit.icon}</span>
              <h3 className="mt-3 font-semibold break-words text-slate-900">
                {t(`pages.careers.benefit.${benefit.id}.title`)}
              </h3>
              <p className="mt-1 text-sm text-slate-700">
                {t(`pages.careers.benefit.${benefit.id}.description`)}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="openings-title" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <h2 id="openings-title" className="text-2xl font-bold text-slate-900">
          {t("pages.careers.openingsTitle")}
        </h2>
        <EnglishOnlyNotice className="mt-4">{t("pages.careers.englishOnly")}</EnglishOnlyNotice>
        <ul className="mt-6 space-y-4">
          {jobOpenings.map((opening) => (
            <OpeningCard key={opening.id} opening={opening} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="apply-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h2 id="apply-title" className="text-2xl font-bold text-slate-900">
          {t("pages.careers.applyTitle")}
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          {t("pages.careers.applyIntro")}{" "}
          <a href={`mailto:${LAB_CAREERS_EMAIL}`} className="font-medium break-all text-teal-800 underline">
            {LAB_CAREERS_EMAIL}
          </a>
        </p>
        <ApplicationForm positions={jobOpenings.map((opening) => opening.title)} />
      </section>
    </>
  );
}
