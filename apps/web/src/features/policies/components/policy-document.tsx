import type { ReactNode } from "react";

export interface PolicySection {
  title: string;
  body: ReactNode;
}

/** A policy page: title, "Last updated", numbered sections. */
export function PolicyDocument({
  title,
  intro,
  lastUpdated,
  sections,
}: {
  title: string;
  intro: string;
  lastUpdated: string;
  sections: PolicySection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-700">Last updated: {lastUpdated}</p>
        <p className="mt-4 text-slate-800">{intro}</p>
      </header>
      <div className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <section key={section.title} aria-labelledby={`policy-section-${index}`}>
            <h2 id={`policy-section-${index}`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-2 space-y-3 text-slate-800 [&_li]:ml-5 [&_li]:list-disc">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
