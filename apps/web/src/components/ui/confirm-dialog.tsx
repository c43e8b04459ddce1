import type { ReactNode } from "react";

import { useT } from "@/lib/i18n/use-t";

import { Button } from "./button";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence. */
  children: ReactNode;
  confirmLabel: string;
  /** "danger" for what cannot be undone (remove, revoke, deactivate). */
  tone?: "primary" | "danger";
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action: the sentence, Cancel and the action's own button. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = "primary",
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog open={open} onClose={onClose} title={title} className="sm:max-w-lg">
      <div className="space-y-4 text-sm text-slate-800 [overflow-wrap:anywhere]">
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" className="min-h-11" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button variant={tone} className="min-h-11" isLoading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
