import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";

interface SignOutEverywherePanelProps {
  /** The call; on success the caller ends this device's session too. */
  confirm: () => Promise<void>;
  onCancel: () => void;
}

/** The confirm step of 'Sign out of all devices': what it does, Cancel, and the action. */
export function SignOutEverywherePanel({ confirm, onCancel }: SignOutEverywherePanelProps) {
  const { t } = useT("credentials");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; code?: string | undefined } | null>(null);

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await confirm();
    } catch (failure) {
      setError(
        isApiError(failure) && failure.message
          ? { text: failure.message, code: failure.messageCode }
          : { text: "serverError" },
      );
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm break-words text-slate-700">{t("credentials.signOutEverywhere.explain")}</p>
      {error ? <Alert tone="error" message={error.text} messageCode={error.code} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="min-h-11" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button variant="danger" className="min-h-11" onClick={() => void onConfirm()} isLoading={busy}>
          {t("credentials.signOutEverywhere.confirm")}
        </Button>
      </div>
    </div>
  );
}
