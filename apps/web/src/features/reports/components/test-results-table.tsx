import type { ReportTest } from "@lab/contracts";

import { cn } from "@/components/ui/cn";

export function VerdictBadge({ verdict }: { verdict: ReportTest["verdict"] }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        verdict === "pass" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900",
      )}
    >
      {verdict === "pass" ? "Pass" : "Fail"}
    </span>
  );
}

/** One row per requested test type: value, unit, limit, method and verdict. */
export function TestResultsTable({ tests, caption }: { tests: readonly ReportTest[]; caption: string }) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Test
            </th>
            <th scope="col" className="px-3 py-2">
              Value
            </th>
            <th scope="col" className="px-3 py-2">
              Unit
            </th>
            <th scope="col" className="px-3 py-2">
              Limit
            </th>
            <th scope="col" className="px-3 py-2">
              Method
            </th>
            <th scope="col" className="px-3 py-2">
              Verdict
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {tests.map((test) => (
            <tr key={test.testType}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {test.testType}
              </th>
              <td className="px-3 py-2 text-slate-800">{test.value}</td>
              <td className="px-3 py-2 text-slate-800">{test.unit || "—"}</td>
              <td className="px-3 py-2 text-slate-800">{test.limit || "—"}</td>
              <td className="px-3 py-2 text-slate-800">{test.method || "—"}</td>
              <td className="px-3 py-2">
                <VerdictBadge verdict={test.verdict} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
