import { Save, Trash2 } from "lucide-react";

import { useT } from "@/lib/i18n/use-t";

import { Button } from "./button";

/**
 * "Draft saved on this device" and the way to throw it away; nothing while no draft is kept. Forms put it
 * just above their buttons, so its appearing while the reader types never moves a field.
 */
export function DraftNotice({ saved, onDiscard }: { saved: boolean; onDiscard: () => void }) {
  const { t } = useT();
  if (!saved) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-1">
      <p role="status" className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
        <Save aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t("common.draft.saved")}
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="min-h-11"
        onClick={onDiscard}
        icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
      >
        {t("common.draft.discard")}
      </Button>
    </div>
  );
}
