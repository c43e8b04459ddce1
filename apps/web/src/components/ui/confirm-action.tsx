import { useState, type ReactNode } from "react";

import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

import { Alert } from "./alert";
import { ConfirmDialog } from "./confirm-dialog";

interface ConfirmActionProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence. */
  children: ReactNode;
  confirmLabel: string;
  /** "danger" (the default) for what cannot be undone: delete, remove, leave. */
  tone?: "primary" | "danger";
  /** The action, with what follows its success (a toast, a navigation); then the dialog closes. */
  action: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks before an action and runs it: busy while it runs; a refusal is said inside the dialog, which
 * stays open so the reader sees why and can cancel.
 */
export function ConfirmAction({
  open,
  title,
  children,
  confirmLabel,
  tone = "danger",
  action,
  onClose,
}: ConfirmActionProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError(shownOf(failure));
      setBusy(false);
      return;
    }
    setBusy(false);
    close();
  };
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      {error ? <Alert tone="error" message={error} /> : null}
      {children}
    </ConfirmDialog>
  );
}
