import { isLanguageCode, languages } from "@lab/contracts";

import { Select } from "@/components/ui/input";
import { setLanguage } from "@/lib/i18n/i18n";
import { useT } from "@/lib/i18n/use-t";

import { useSaveLanguage } from "../hooks/use-account-language";

/** The profile's Language: the portal switches at once and the choice is saved in the account. */
export function LanguageSection() {
  const { t, language } = useT("account");
  const { save, isPending } = useSaveLanguage();
  return (
    <section aria-labelledby="profile-language-title" className="space-y-3">
      <h2 id="profile-language-title" className="text-lg font-semibold text-slate-900">
        {t("account.language.title")}
      </h2>
      <p className="text-sm break-words text-slate-700">{t("account.language.intro")}</p>
      <div className="max-w-xs space-y-1">
        <label htmlFor="profile-language" className="block text-sm font-medium text-slate-800">
          {t("account.language.label")}
        </label>
        <Select
          id="profile-language"
          className="min-h-11"
          value={language}
          disabled={isPending}
          onChange={(event) => {
            const chosen = event.target.value;
            if (!isLanguageCode(chosen)) return;
            void setLanguage(chosen).then(() => save(chosen));
          }}
        >
          {languages.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.nativeName}
            </option>
          ))}
        </Select>
      </div>
    </section>
  );
}
