import { COLLECTION_RADIUS_M } from "@lab/contracts";

import { useT } from "@/lib/i18n/use-t";

import { NumericSettingCard } from "./numeric-setting-card";

/**
 * How far from the pond (or farm) a field agent may take a sample before they must say why: every
 * staff member reads it and its history; an admin changes it.
 */
export function CollectionRadius() {
  const { t, number } = useT("lab");
  return (
    <NumericSettingCard
      setting="collectionRadiusM"
      range={COLLECTION_RADIUS_M}
      inputClassName="max-w-36"
      words={{
        title: t("lab.settings.radiusTitle"),
        inForce: (metres) => t("lab.settings.radiusInForce", { metres: number(metres) }),
        label: t("lab.settings.radiusMetres"),
        hint: t("lab.settings.radiusHint"),
        save: t("lab.settings.radiusSave"),
        history: t("lab.settings.radiusHistory"),
        historyEmpty: t("lab.settings.radiusHistoryEmpty"),
        changed: ({ name, value, date }) =>
          t("lab.settings.changedRadius", { name, metres: number(value), date }),
      }}
    />
  );
}
