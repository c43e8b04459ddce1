import { SCREENING_VALID_DAYS } from "@lab/contracts";

import { useT } from "@/lib/i18n/use-t";

import { NumericSettingCard } from "./numeric-setting-card";

/**
 * How long a passed pre-harvest screening clears the harvest, counted from the day of sampling: every
 * staff member reads it and its history; an admin changes it.
 */
export function ScreeningValidity() {
  const { t } = useT("lab");
  return (
    <NumericSettingCard
      setting="screeningValidDays"
      range={SCREENING_VALID_DAYS}
      inputClassName="max-w-32"
      words={{
        title: t("lab.settings.screeningTitle"),
        inForce: (days) => t("lab.settings.screeningInForce", { days }),
        label: t("lab.settings.screeningDays"),
        hint: t("lab.settings.screeningHint"),
        save: t("lab.settings.screeningSave"),
        history: t("lab.settings.screeningHistory"),
        historyEmpty: t("lab.settings.screeningHistoryEmpty"),
        changed: ({ name, value, date }) => t("lab.settings.changedDays", { name, days: value, date }),
      }}
    />
  );
}
