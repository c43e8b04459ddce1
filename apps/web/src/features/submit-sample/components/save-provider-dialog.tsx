import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n/use-t";

/** Asks whether a provider name that matches no saved provider should be saved for future use. */
export function SaveProviderDialog({
  name,
  busy,
  onYes,
  onNo,
  onClose,
}: {
  name: string | null;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  onClose: () => void;
}) {
  const { t } = useT("samples");
  return (
    <Dialog
      open={name !== null}
      onClose={busy ? () => undefined : onClose}
      title={t("samples.saveProvider.title")}
      description={t("samples.saveProvider.description", { name: name ?? "" })}
      className="sm:max-w-md"
    >
      <p className="text-sm text-slate-800">{t("samples.saveProvider.question")}</p>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onNo} disabled={busy}>
          {t("samples.saveProvider.no")}
        </Button>
        <Button onClick={onYes} isLoading={busy}>
          {t("samples.saveProvider.yes")}
        </Button>
      </div>
    </Dialog>
  );
}
