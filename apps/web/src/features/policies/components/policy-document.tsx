import { DISPLAY_TIME_ZONE, intlLocale } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";
import type { ReactNode } from "react";

import { EnglishOnlyNotice } from "@/components/layouts/public-page-layout";
import { useT } from "@/lib/i18n/use-t";

export interface PolicySection {
  /** Headings are translated; the body is the English legal text. */
  title: MessageKey<"pages">;
  body: ReactNode;
}

/**
 * A policy page: title, "Last updated", numbered sections. The legal text stays English
 * (docs/i18n.md): the page says so in the reader's language, and the text is marked lang="en".
 */
export function PolicyDocument({
  title,
  intro,
  lastUpdated,
  sections,
}: {
  title: MessageKey<"pages">;
  intro: string;
  /** ISO date; shown as month and year in the reader's language. */
  lastUpdated: string;
  sections: PolicySection[];
}) {
  const { t, language } = useT("pages");
  const updated = new Intl.DateTimeFormat(intlLocale(language), {
    month: "long",
    year: "numeric",
    timeZone: DISPLAY_TIME_ZONE,
  }).format(new Date(`${lastUpdated}T12:00:00+05:30`));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold break-words text-slate-900">{t(title)}</h1>
        <p className="mt-2 text-sm text-slate-700">{t("pages.policies.lastUpdated", { date: updated })}</p>
        <EnglishOnlyNotice className="mt-4" />
        <p lang="en" className="mt-4 text-slate-800">
          {intro}
        </p>
      </header>
      <div className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <section key={section.title} aria-labelledby={`policy-section-${index}`}>
            <h2 id={`policy-section-${index}`} className="text-xl font-semibold break-words text-slate-900">
              {index + 1}. {t(section.title)}
            </h2>
            <div lang="en" className="mt-2 space-y-3 text-slate-800 [&_li]:ml-5 [&_li]:list-disc">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
