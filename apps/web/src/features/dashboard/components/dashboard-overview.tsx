import { BadgeCheck, Clock, Mail, ShieldCheck } from "lucide-react";

import { DISPLAY_TIME_ZONE } from "@lab/contracts";

import { Card, CardBody } from "@/components/ui/card";
import { useSampleSummary } from "@/lib/api/get-sample-summary";
import { useUser } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";

import { SampleOverview } from "./sample-overview";

const greetingKey = (hour: number) =>
  hour < 12
    ? "samples.dashboard.greeting.morning"
    : hour < 17
      ? "samples.dashboard.greeting.afternoon"
      : "samples.dashboard.greeting.evening";

/** The hour of the day in India time, where the lab and its customers are. */
const indiaHour = (now: Date) =>
  Number(
    new Intl.DateTimeFormat("en-GB", {
      hour: "numeric",
      hourCycle: "h23",
      timeZone: DISPLAY_TIME_ZONE,
    }).format(now),
  );

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Welcome", not "Welcome back", for someone who has just arrived: the account was created less than
 * a day ago and no sample is known yet (none counted, or the count not in yet). The server keeps no
 * sign-in count, so this is the simplest honest reading of "first visit"; after a day, or once a
 * sample exists, the person has been here before.
 */
export function isNewAccount(createdAt: string, sampleTotal: number | undefined, now: number = Date.now()) {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created) || now - created >= DAY_MS) return false;
  return sampleTotal === undefined || sampleTotal === 0;
}

/** The Dashboard: greeting, sample figures and actions, Recent Activity, the account. */
export function DashboardOverview() {
  const user = useUser();
  const { t } = useT("samples");
  const summary = useSampleSummary();
  if (!user) return null;
  const welcome = isNewAccount(user.createdAt, summary.data?.total)
    ? "samples.dashboard.welcomeNew"
    : "samples.dashboard.welcome";
  const firstName = user.fullName.split(/\s+/)[0] ?? user.fullName;

  return (
    <div className="mx-auto max-w-6xl space-y-4 lg:space-y-6">
      {/* Names are typed without spaces (Telugu, Hindi): they break anywhere rather than widen the page. */}
      <div className="rounded-2xl bg-gradient-to-br from-teal-700 to-sky-800 p-5 text-white shadow-sm [overflow-wrap:anywhere] lg:p-8">
        <p className="text-sm text-teal-50">{t(greetingKey(indiaHour(new Date())))}</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{t(welcome, { name: user.fullName })}</h1>
        <p className="mt-2 max-w-2xl text-sm text-teal-50">{t("samples.dashboard.intro", { firstName })}</p>
      </div>

      <SampleOverview />

      <section aria-labelledby="account-title" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardBody>
            <h2 id="account-title" className="text-lg font-semibold text-slate-900">
              {t("samples.dashboard.account.title")}
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              {/* A member who signed up with a mobile number may have no e-mail address to show or verify. */}
              {user.email === null ? null : (
                <>
                  <div className="flex items-center gap-2">
                    <dt className="flex items-center gap-1.5 text-slate-700">
                      <Mail aria-hidden="true" className="h-4 w-4" />
                      {t("samples.dashboard.account.email")}
                    </dt>
                    <dd className="min-w-0 break-all font-medium text-slate-900">{user.email}</dd>
                  </div>
                  <div className="flex items-center gap-2">
                    <dt className="flex items-center gap-1.5 text-slate-700">
                      <BadgeCheck aria-hidden="true" className="h-4 w-4" />
                      {t("samples.dashboard.account.status")}
                    </dt>
                    <dd className="font-medium text-green-800">
                      {user.emailVerified
                        ? t("samples.dashboard.account.verified")
                        : t("samples.dashboard.account.notVerified")}
                    </dd>
                  </div>
                </>
              )}
              {user.company ? (
                <div className="flex min-w-0 items-center gap-2">
                  <dt className="shrink-0 text-slate-700">{t("samples.dashboard.account.company")}</dt>
                  {/* The organisation's name may be one long word: it wraps instead of widening the page. */}
                  <dd className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">
                    {user.company}
                  </dd>
                </div>
              ) : null}
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardBody>
            <h2 className="text-lg font-semibold text-slate-900">
              {t("samples.dashboard.turnaround.title")}
            </h2>
            <ul className="mt-3 space-y-2 text-sm text-slate-800">
              <li className="flex gap-2">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                {t("samples.dashboard.turnaround.standard")}
              </li>
              <li className="flex gap-2">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                {t("samples.dashboard.turnaround.rush")}
              </li>
              <li className="flex gap-2">
                <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                {t("samples.dashboard.turnaround.certified")}
              </li>
            </ul>
          </CardBody>
        </Card>
      </section>
    </div>
  );
}
