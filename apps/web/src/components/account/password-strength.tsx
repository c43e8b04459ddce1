import { Check, X } from "lucide-react";

import {
  passwordRules,
  passwordScore,
  passwordStrengthLabel,
  type PasswordStrengthLabel,
} from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";
import type { MessageKey } from "@lab/i18n";

const barColours: Record<PasswordStrengthLabel, string> = {
  "Very Weak": "bg-red-600",
  Weak: "bg-orange-500",
  Fair: "bg-amber-500",
  Good: "bg-teal-600",
  Strong: "bg-green-600",
};

const textColours: Record<PasswordStrengthLabel, string> = {
  "Very Weak": "text-red-700",
  Weak: "text-orange-800",
  Fair: "text-amber-800",
  Good: "text-teal-800",
  Strong: "text-green-800",
};

const labelKeys: Record<PasswordStrengthLabel, MessageKey<"credentials">> = {
  "Very Weak": "credentials.strength.veryWeak",
  Weak: "credentials.strength.weak",
  Fair: "credentials.strength.fair",
  Good: "credentials.strength.good",
  Strong: "credentials.strength.strong",
};

/** Strength label by score (0-1 Very Weak … 5 Strong) and the five-rule checklist. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const { t } = useT("credentials");
  const score = passwordScore(password);
  const label = passwordStrengthLabel(score);
  return (
    <div id={id} className="space-y-2">
      {password ? (
        <div>
          <div className="flex flex-wrap items-center justify-between gap-x-2 text-xs">
            <span className="text-slate-700">{t("credentials.strength.title")}</span>
            <span data-testid="password-strength-label" className={cn("font-semibold", textColours[label])}>
              {t(labelKeys[label])}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 grid grid-cols-5 gap-1">
            {[1, 2, 3, 4, 5].map((step) => (
              <span
                key={step}
                className={cn("h-1.5 rounded-full", step <= score ? barColours[label] : "bg-slate-200")}
              />
            ))}
          </div>
        </div>
      ) : null}
      <p className="text-xs break-words text-slate-700">{t("credentials.strength.rulesIntro")}</p>
      <ul className="grid gap-x-3 gap-y-1 text-xs sm:grid-cols-2">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              className={cn("flex items-center gap-1.5", met ? "text-green-800" : "text-slate-700")}
            >
              {met ? (
                <Check aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
              ) : (
                <X aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-slate-500" />
              )}
              <span className="min-w-0 break-words">{t(`credentials.strength.rule.${rule.id}`)}</span>
              <span className="sr-only">
                {" "}
                {met ? t("credentials.strength.met") : t("credentials.strength.notMet")}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
