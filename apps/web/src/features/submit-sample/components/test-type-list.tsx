import { useState } from "react";

import { orderableTestTypesOf, testTypesOf } from "@lab/contracts";

import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

/**
 * The test types of the chosen category as checkboxes, its suggested ones first; every other type
 * the lab offers is one tap away under "More tests" (any species may need the residue panel). The
 * list scrolls beyond 12rem.
 */
export function TestTypeList({
  category,
  selected,
  onChange,
  errorId,
}: {
  category: string;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  /** The id of the error text shown below the list; its first box is marked invalid. */
  errorId?: string | undefined;
}) {
  const suggested = testTypesOf(category);
  const types = orderableTestTypesOf(category);
  const more = types.filter((type) => !suggested.includes(type));
  const [moreOpen, setMoreOpen] = useState(false);
  // A chosen type beyond the suggestions is never hidden.
  const showMore = moreOpen || more.some((type) => selected.includes(type));
  const shown = showMore ? types : suggested;
  const { t, number } = useT("samples", "domain");
  const names = useDomainNames();
  const toggle = (type: string, checked: boolean) =>
    onChange(
      checked
        ? types.filter((entry) => entry === type || selected.includes(entry))
        : selected.filter((entry) => entry !== type),
    );

  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">
        {t("samples.field.testTypes")}
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </legend>
      {types.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-700">
          {t("samples.testTypes.chooseCategory")}
        </p>
      ) : (
        <div
          className="max-h-48 overflow-y-auto rounded-lg border border-slate-300 bg-white"
          data-testid="test-type-list"
        >
          <ul className="divide-y divide-slate-100">
            {shown.map((type, index) => {
              const inputId = `test-type-${type.replace(/\W+/g, "-").toLowerCase()}`;
              return (
                <li key={type}>
                  {index === suggested.length ? (
                    <p className="bg-slate-50 px-3 py-1.5 text-xs font-medium text-slate-700">
                      {t("samples.testTypes.moreHeading")}
                    </p>
                  ) : null}
                  <label
                    htmlFor={inputId}
                    className="flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm break-words text-slate-800 hover:bg-slate-50"
                  >
                    <input
                      id={inputId}
                      type="checkbox"
                      checked={selected.includes(type)}
                      onChange={(event) => toggle(type, event.target.checked)}
                      aria-invalid={(errorId !== undefined && index === 0) || undefined}
                      aria-describedby={errorId}
                      className="h-4 w-4 shrink-0 scroll-mt-36 accent-teal-700"
                    />
                    <span className="min-w-0">{names.testType(type)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {types.length > 0 && !showMore ? (
        <button
          type="button"
          className="min-h-11 text-sm font-medium text-teal-800 underline underline-offset-2"
          onClick={() => setMoreOpen(true)}
        >
          {t("samples.testTypes.showMore", { count: number(more.length) })}
        </button>
      ) : null}
      <p className="text-xs text-slate-600" aria-live="polite">
        {t("samples.testTypes.selected", { count: number(selected.length) })}
      </p>
    </fieldset>
  );
}
