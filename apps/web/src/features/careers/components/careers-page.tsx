import { Briefcase, ChevronDown, GraduationCap, HeartPulse, MapPin, TrendingUp, Users } from "lucide-react";
import { useState, type ReactNode } from "react";

import { cn } from "@/components/ui/cn";
import { LAB_CAREERS_EMAIL } from "@/config/brand";

import { jobOpenings, type JobOpening } from "../data/openings";
import { ApplicationForm } from "./application-form";

const stats = [
  { value: "15+", label: "Years of experience" },
  { value: "50+", label: "Team members" },
  { value: "500+", label: "Clients" },
];

const benefits: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: "Health & Wellness",
    description: "Medical insurance for you and your family, and an annual health check.",
    icon: <HeartPulse aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Learning & Growth",
    description: "Training on new methods, conference visits and support for certifications.",
    icon: <GraduationCap aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Career Progression",
    description: "Clear paths from technician to analyst to section head, reviewed every year.",
    icon: <TrendingUp aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Collaborative Team",
    description: "Scientists, field agents and engineers who care about safe, sustainable aquaculture.",
    icon: <Users aria-hidden="true" className="h-6 w-6" />,
  },
];

function OpeningCard({ opening }: { opening: JobOpening }) {
  const [open, setOpen] = useState(false);
  const detailsId = `opening-${opening.id}-details`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
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
          aria-label={`${open ? "Hide Details" : "View Details"} for ${opening.title}`}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-1 self-start rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-teal-800 max-lg:min-h-11 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {open ? "Hide Details" : "View Details"}
          <ChevronDown
            aria-hidden="true"
            className={cn("h-4 w-4 transition-transform", open && "rotate-180")}
          />
        </button>
      </div>
      <p className="mt-3 text-sm text-slate-800">{opening.description}</p>
      <div
        id={detailsId}
        hidden={!open}
        className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2"
      >
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Requirements</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {opening.requirements.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Responsibilities</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {opening.responsibilities.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-800 sm:col-span-2">
          <span className="font-semibold">Salary:</span> {opening.salary}
        </p>
      </div>
    </li>
  );
}

export function CareersPage() {
  return (
    <>
      <section
        aria-labelledby="careers-title"
        className="bg-gradient-to-br from-teal-800 to-sky-900 text-white"
      >
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h1 id="careers-title" className="text-3xl font-bold sm:text-4xl">
            Careers
          </h1>
          <p className="mt-3 max-w-2xl text-teal-50">
            Join the team that keeps shrimp safe from pond to plate. We are growing and looking for people who
            care about science, quality and the farmers we serve.
          </p>
          <dl className="mt-8 grid max-w-xl grid-cols-3 gap-4">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/20">
                <dt className="text-xs text-teal-50 sm:text-sm">{stat.label}</dt>
                <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="benefits-title" className="text-2xl font-bold text-slate-900">
          Why work with us
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="inline-flex rounded-lg bg-teal-100 p-2 text-teal-800">{benefit.icon}</span>
              <h3 className="mt-3 font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="openings-title" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <h2 id="openings-title" className="text-2xl font-bold text-slate-900">
          Current openings
        </h2>
        <ul className="mt-6 space-y-4">
          {jobOpenings.map((opening) => (
            <OpeningCard key={opening.id} opening={opening} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="apply-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h2 id="apply-title" className="text-2xl font-bold text-slate-900">
          Apply now
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Fill in the form below and e-mail your résumé to{" "}
          <a href={`mailto:${LAB_CAREERS_EMAIL}`} className="font-medium text-teal-800 underline">
            {LAB_CAREERS_EMAIL}
          </a>
          .
        </p>
        <ApplicationForm positions={jobOpenings.map((opening) => opening.title)} />
      </section>
    </>
  );
}
