import { ChevronDown, Lightbulb } from "lucide-react";
import { useId, useState } from "react";

import { cn } from "@/components/ui/cn";

const suggestions = [
  "Mix uppercase and lowercase letters, numbers and a symbol.",
  "Use a short phrase of unrelated words instead of a single word.",
  "Avoid your name, your farm's name, birthdays and common words.",
  "Do not reuse a password you use on another site.",
];

const examples = ["Prawn#Harbor42", "Blue!Tide2025", "Coastal$Lab7x", "Mangrove&Pond9"];

/** Suggestions and example passwords, folded away until asked for. */
export function PasswordTips() {
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
        <span className="flex items-center gap-1.5">
          <Lightbulb aria-hidden="true" className="h-4 w-4" />
          Password tips
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
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <p className="font-medium">Example strong passwords (do not use these exact ones):</p>
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
