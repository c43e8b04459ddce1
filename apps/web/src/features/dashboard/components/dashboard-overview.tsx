import { BadgeCheck, Clock, Mail, ShieldCheck } from "lucide-react";

import { Card, CardBody } from "@/components/ui/card";
import { useUser } from "@/lib/auth";

import { SampleOverview } from "./sample-overview";

const greetingFor = (hour: number) =>
  hour < 12 ? "Good morning" : hour < 17 ? "Good afternoon" : "Good evening";

/** Spec section 2, Dashboard: greeting, sample figures and actions, Recent Activity, the account. */
export function DashboardOverview() {
  const user = useUser();
  if (!user) return null;
  const firstName = user.fullName.split(/\s+/)[0] ?? user.fullName;

  return (
    <div className="mx-auto max-w-6xl space-y-4 lg:space-y-6">
      {/* Names are typed without spaces (Telugu, Hindi): they break anywhere rather than widen the page. */}
      <div className="rounded-2xl bg-gradient-to-br from-teal-700 to-sky-800 p-5 text-white shadow-sm [overflow-wrap:anywhere] lg:p-8">
        <p className="text-sm text-teal-50">{greetingFor(new Date().getHours())}</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Welcome back, {user.fullName}!</h1>
        <p className="mt-2 max-w-2xl text-sm text-teal-50">
          {firstName}, this is your portal for shrimp sample testing at our ISO 17025 accredited laboratory.
        </p>
      </div>

      <SampleOverview />

      <section aria-labelledby="account-title" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardBody>
            <h2 id="account-title" className="text-lg font-semibold text-slate-900">
              Your account
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex items-center gap-2">
                <dt className="flex items-center gap-1.5 text-slate-700">
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  Email
                </dt>
                <dd className="min-w-0 truncate font-medium text-slate-900">{user.email}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="flex items-center gap-1.5 text-slate-700">
                  <BadgeCheck aria-hidden="true" className="h-4 w-4" />
                  Status
                </dt>
                <dd className="font-medium text-green-800">
                  {user.emailVerified ? "Email verified" : "Email not verified"}
                </dd>
              </div>
              {user.company ? (
                <div className="flex items-center gap-2">
                  <dt className="text-slate-700">Company</dt>
                  <dd className="font-medium text-slate-900">{user.company}</dd>
                </div>
              ) : null}
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardBody>
            <h2 className="text-lg font-semibold text-slate-900">Our turnaround</h2>
            <ul className="mt-3 space-y-2 text-sm text-slate-800">
              <li className="flex gap-2">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                Standard testing: 3-5 business days
              </li>
              <li className="flex gap-2">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                Rush testing: 24-48 hours (extra charge)
              </li>
              <li className="flex gap-2">
                <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                Every report carries a certification number
              </li>
            </ul>
          </CardBody>
        </Card>
      </section>
    </div>
  );
}
