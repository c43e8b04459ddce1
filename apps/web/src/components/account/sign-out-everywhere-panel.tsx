import { useState } from "react";

import { messages } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";

interface SignOutEverywherePanelProps {
  /** The call; on success the caller ends this device's session too. */
  confirm: () => Promise<void>;
  onCancel: () => void;
}

/** The confirm step of 'Sign out of all devices': what it does, Cancel, and the action. */
export function SignOutEverywherePanel({ confirm, onCancel }: SignOutEverywherePanelProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await confirm();
    } catch (failure) {
      setError(isApiError(failure) && failure.message ? failure.message : messages.serverError);
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        This ends your session on every device where you are signed in, this one included. You will need to
        sign in again.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="min-h-11" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" className="min-h-11" onClick={() => void onConfirm()} isLoading={busy}>
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
