import { ChevronDown, Lightbulb } from "lucide-react";
import { useId, useState } from "react";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";
import type { MessageKey } from "@lab/i18n";

const suggestions: MessageKey<"credentials">[] = [
  "credentials.tips.mixCase",
  "credentials.tips.phrase",
  "credentials.tips.avoidNames",
  "credentials.tips.noReuse",
];

const examples = ["Prawn#Harbor42", "Blue!Tide2025", "Coastal$Lab7x", "Mangrove&Pond9"];

/** Suggestions and example passwords, folded away until asked for. */
export function PasswordTips() {
  const { t } = useT("credentials");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between gap-2 px-3 py-2 text-left text-xs font-medium text-sky-900 focus-visible:outline-2 focus-visible:outline-sky-700"
      >
        <span className="flex min-w-0 items-center gap-1.5 break-words">
          <Lightbulb aria-hidden="true" className="h-4 w-4" />
          {t("credentials.tips.title")}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("h-4 w-4 transition-transform", open && "rotate-180")}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="space-y-2 border-t border-sky-200 px-3 py-2 text-xs text-sky-950"
      >
        <ul className="list-disc space-y-1 pl-4">
          {suggestions.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
        <p className="font-medium">{t("credentials.tips.examples")}</p>
        <ul className="flex flex-wrap gap-1.5">
          {examples.map((example) => (
            <li key={example}>
              <code className="rounded bg-white px-1.5 py-0.5 font-mono text-sky-950 ring-1 ring-sky-200">
                {example}
              </code>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
