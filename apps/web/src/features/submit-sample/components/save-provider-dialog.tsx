import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

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
  return (
    <Dialog
      open={name !== null}
      onClose={busy ? () => undefined : onClose}
      title="Save Sample Provider?"
      description={`"${name ?? ""}" is not one of your sample providers yet.`}
      className="sm:max-w-md"
    >
      <p className="text-sm text-slate-800">
        Would you like to save this provider, with the phone number and location you entered, for future use?
      </p>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onNo} disabled={busy}>
          No, just submit
        </Button>
        <Button onClick={onYes} isLoading={busy}>
          Yes, save provider
        </Button>
      </div>
    </Dialog>
  );
}
