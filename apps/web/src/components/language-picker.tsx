import { isLanguageCode, languages, type LanguageCode } from "@lab/contracts";
import { Languages } from "lucide-react";
import { useId } from "react";

import { cn } from "@/components/ui/cn";
import { setLanguage } from "@/lib/i18n/i18n";
import { useT } from "@/lib/i18n/use-t";

interface LanguagePickerProps {
  /** After the switch: a signed-in screen saves the choice in the account. */
  onChosen?: (language: LanguageCode) => void;
  /** "dark" on the teal headers. */
  tone?: "light" | "dark";
  className?: string;
}

/**
 * The language picker: a native select (the phone's own list, large taps), each language in its own
 * script and marked with its `lang` so screen readers pronounce it.
 */
export function LanguagePicker({ onChosen, tone = "light", className }: LanguagePickerProps) {
  const { t, language } = useT();
  const id = useId();
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <label htmlFor={id} className="flex items-center">
        <Languages
          aria-hidden="true"
          className={cn("h-5 w-5", tone === "dark" ? "text-white" : "text-slate-700")}
        />
        <span className="sr-only">{t("common.language")}</span>
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLanguageCode(chosen)) return;
          void setLanguage(chosen).then(() => onChosen?.(chosen));
        }}
        className={cn(
          "min-h-11 max-w-[9rem] rounded-lg border px-2 text-sm focus:outline-2 focus:outline-teal-600",
          tone === "dark"
            ? "border-white/40 bg-teal-800 text-white"
            : "border-slate-300 bg-white text-slate-900",
        )}
      >
        {languages.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
