import {
  ArrowRight,
  CheckCircle2,
  ClipboardList,
  FileText,
  FlaskConical,
  Hourglass,
  PackageCheck,
  Percent,
  Send,
  UserRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { DASHBOARD_RECENT_ITEMS, type SampleSummary, type StatusGroup } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSampleSummary } from "@/lib/api/get-sample-summary";
import { useSamples } from "@/lib/api/get-samples";
import { StatusBadge } from "@/components/ui/status-badge";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { useMembership } from "@/lib/membership";

/**
 * Passed reports that still stand over completed samples. (Completed over completed, the original
 * rule, kept 100% after a failed or revoked report.)
 */
export function successRate(summary: Pick<SampleSummary, "completed" | "successful">): number {
  return summary.completed > 0 ? Math.round((summary.successful / summary.completed) * 100) : 0;
}

interface StatCard {
  label: MessageKey<"samples">;
  group: StatusGroup;
  count: (summary: SampleSummary) => number;
  icon: ReactNode;
  tone: string;
}

const STAT_CARDS: readonly StatCard[] = [
  {
    label: "samples.dashboard.stat.pending",
    group: "pending",
    count: (summary) => summary.pending,
    icon: <Hourglass aria-hidden="true" className="h-5 w-5" />,
    tone: "bg-blue-100 text-blue-800",
  },
  {
    label: "samples.dashboard.stat.collected",
    group: "collected",
    count: (summary) => summary.collected,
    icon: <PackageCheck aria-hidden="true" className="h-5 w-5" />,
    tone: "bg-yellow-100 text-yellow-800",
  },
  {
    label: "samples.dashboard.stat.testing",
    group: "testing",
    count: (summary) => summary.testing,
    icon: <FlaskConical aria-hidden="true" className="h-5 w-5" />,
    tone: "bg-orange-100 text-orange-800",
  },
  {
    label: "samples.dashboard.stat.completed",
    group: "completed",
    count: (summary) => summary.completed,
    icon: <CheckCircle2 aria-hidden="true" className="h-5 w-5" />,
    tone: "bg-green-100 text-green-800",
  },
];

const cardClass =
  "flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:flex-col lg:items-start lg:p-5";

function StatBody({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <>
      <span className={cn("inline-flex rounded-lg p-2", tone)}>{icon}</span>
      <span className="min-w-0">
        <span className="block text-2xl font-bold text-slate-900 lg:text-3xl">{value}</span>
        <span className="block text-sm break-words text-slate-700">{label}</span>
      </span>
    </>
  );
}

/** Five stat cards, four action cards and Recent Activity, from the samples API. */
export function SampleOverview() {
  const summary = useSampleSummary();
  const recent = useSamples({ page: 1, size: DASHBOARD_RECENT_ITEMS });
  const { t, date, number } = useT("samples", "domain");
  const names = useDomainNames();
  // A results-only member reads samples but submits none.
  const writes = useMembership()?.writesSamples ?? true;

  if (summary.isError || recent.isError) {
    return (
      <Card>
        <CardBody className="space-y-3 text-center">
          <h2 className="text-lg font-bold text-red-800">{t("samples.dashboard.error.title")}</h2>
          <p role="alert" className="text-sm text-slate-700">
            <LocalizedMessage text={(summary.error ?? recent.error)?.message ?? ""} />
          </p>
          <Button
            onClick={() => {
              void summary.refetch();
              void recent.refetch();
            }}
          >
            {t("samples.retry")}
          </Button>
        </CardBody>
      </Card>
    );
  }
  if (summary.isPending || recent.isPending) return <LoadingState label={t("samples.dashboard.loading")} />;

  const figures = summary.data;
  const samples = recent.data.items;

  return (
    <>
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          {t("samples.dashboard.figures")}
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:gap-4">
          {STAT_CARDS.map((card) => {
            const count = card.count(figures);
            const body = (
              <StatBody label={t(card.label)} value={number(count)} icon={card.icon} tone={card.tone} />
            );
            return (
              <li key={card.group}>
                {count > 0 ? (
                  <Link
                    to={paths.samples.href({ status: card.group })}
                    className={cn(
                      cardClass,
                      "transition hover:border-teal-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700",
                    )}
                  >
                    {body}
                  </Link>
                ) : (
                  <div className={cardClass}>{body}</div>
                )}
              </li>
            );
          })}
          <li>
            <div className={cardClass}>
              <StatBody
                label={t("samples.dashboard.stat.successRate")}
                value={`${number(successRate(figures))}%`}
                icon={<Percent aria-hidden="true" className="h-5 w-5" />}
                tone="bg-teal-100 text-teal-800"
              />
            </div>
          </li>
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3 lg:gap-6">
        <section aria-labelledby="quick-actions-title" className="lg:col-span-2">
          <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-900">
            {t("samples.dashboard.actions.title")}
          </h2>
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:gap-4">
            <ActionCard
              to={paths.profile.href()}
              title={t("samples.dashboard.actions.profile.title")}
              text={t("samples.dashboard.actions.profile.text")}
              icon={<UserRound aria-hidden="true" className="h-6 w-6" />}
            />
            {writes ? (
              <ActionCard
                to={paths.submitSample.href()}
                title={t("samples.dashboard.actions.submit.title")}
                text={t("samples.dashboard.actions.submit.text")}
                icon={<Send aria-hidden="true" className="h-6 w-6" />}
              />
            ) : null}
            <ActionCard
              to={paths.samples.href()}
              title={t("samples.dashboard.actions.history.title")}
              text={t("samples.dashboard.actions.history.text", { count: figures.total })}
              icon={<ClipboardList aria-hidden="true" className="h-6 w-6" />}
            />
            <ActionCard
              to={paths.reports.href()}
              title={t("samples.dashboard.actions.reports.title")}
              text={t("samples.dashboard.actions.reports.text", { count: figures.completed })}
              icon={<FileText aria-hidden="true" className="h-6 w-6" />}
            />
          </div>
        </section>

        <section aria-labelledby="recent-title">
          <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
            {t("samples.dashboard.recent.title")}
          </h2>
          <Card className="mt-3">
            {samples.length === 0 ? (
              <CardBody className="text-sm text-slate-700">
                {t("samples.dashboard.recent.empty")}{" "}
                {writes ? (
                  <Link to={paths.submitSample.href()} className="font-medium text-teal-800 underline">
                    {t("samples.dashboard.recent.submitFirst")}
                  </Link>
                ) : null}
              </CardBody>
            ) : (
              <ul className="divide-y divide-slate-200">
                {samples.map((sample) => (
                  <li key={sample.id}>
                    <Link
                      to={paths.samples.href({ highlight: sample.id })}
                      className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700"
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-slate-900">
                            {sample.samplerLocation}
                          </span>
                          <span className="block text-sm text-slate-700">
                            {names.category(sample.shrimpCategory)} ·{" "}
                            {t("samples.sampleNumber", { id: sample.id })}
                          </span>
                        </span>
                        <StatusBadge status={sample.status} className="shrink-0" />
                      </span>
                      <span className="mt-1 block text-xs text-slate-600">
                        <time dateTime={sample.updatedAt}>{date(sample.updatedAt, "date")}</time>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </section>
      </div>
    </>
  );
}

function ActionCard({
  to,
  title,
  text,
  icon,
}: {
  to?: string;
  title: string;
  text: string;
  icon: ReactNode;
}) {
  const content = (
    <>
      <span className="inline-flex rounded-lg bg-teal-100 p-2 text-teal-800">{icon}</span>
      <span className="mt-3 flex min-w-0 items-center gap-1 font-semibold break-words text-slate-900">
        {title}
        {to ? (
          <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-0.5" />
        ) : null}
      </span>
      <span className="mt-1 block text-sm text-slate-700">{text}</span>
    </>
  );
  const base = "group block rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:p-5";
  if (!to) return <div className={base}>{content}</div>;
  return (
    <Link
      to={to}
      className={cn(
        base,
        "transition hover:border-teal-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700",
      )}
    >
      {content}
    </Link>
  );
}
