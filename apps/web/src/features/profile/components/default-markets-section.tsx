import { Save } from "lucide-react";
import { useState } from "react";

import type { Customer } from "@lab/contracts";

import { MarketPicker } from "@/components/reports/market-picker";
import { Button } from "@/components/ui/button";
import { serverFieldError } from "@/components/ui/form-errors";
import { useToast } from "@/components/ui/toast";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useUpdateProfile } from "../api/update-profile";
import { profileErrorMessage } from "../utils/profile-errors";

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code) => b.includes(code));

/** The destination markets every new submission starts with (PUT profile defaultMarkets). */
export function DefaultMarketsSection({ customer }: { customer: Customer }) {
  const { t } = useT("account");
  const toast = useToast();
  const update = useUpdateProfile();
  const saved = customer.defaultMarkets;
  const [markets, setMarkets] = useState<string[]>(saved);
  const [error, setError] = useState<Shown | undefined>();
  const changed = !sameSet(markets, saved);

  const save = async () => {
    setError(undefined);
    try {
      await update.mutateAsync({ id: customer.id, changes: { defaultMarkets: markets } });
      toast.success(t("account.profile.markets.saved"));
    } catch (failure) {
      setError(serverFieldError(failure)?.message ?? profileErrorMessage(failure, "update"));
    }
  };

  return (
    <section aria-labelledby="default-markets-title" className="space-y-3">
      <h2 id="default-markets-title" className="text-lg font-semibold text-slate-900">
        {t("account.profile.markets.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("account.profile.markets.intro")}</p>
      <MarketPicker
        id="profile-markets"
        legend={t("account.profile.markets.legend")}
        selected={markets}
        onChange={(next) => {
          setMarkets(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button
        onClick={() => void save()}
        disabled={!changed}
        isLoading={update.isPending}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {t("account.profile.markets.save")}
      </Button>
    </section>
  );
}
