import { Trash2 } from "lucide-react";

import { messages, type Provider } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { providerErrorMessage } from "@/utils/provider-errors";

import { useDeleteProvider } from "../api/delete-provider";

interface DeleteProviderDialogProps {
  customerId: number;
  /** The provider to delete; null keeps the dialog closed. */
  provider: Provider | null;
  onClose: () => void;
  onDeleted: (provider: Provider) => void;
}

/** Asks before deleting; samples that named the provider are kept. */
export function DeleteProviderDialog({
  customerId,
  provider,
  onClose,
  onDeleted,
}: DeleteProviderDialogProps) {
  const toast = useToast();
  const remove = useDeleteProvider();

  const confirm = async () => {
    if (!provider) return;
    try {
      await remove.mutateAsync({ customerId, providerId: provider.id });
      toast.success(messages.providerDeleted);
      onDeleted(provider);
    } catch (error) {
      toast.error(providerErrorMessage(error, "delete"));
    }
    onClose();
  };

  return (
    <Dialog
      open={provider !== null}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete Sample Provider"
      className="sm:max-w-md"
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-800">
          Are you sure you want to delete <span className="font-semibold">{provider?.samplerName}</span>
          {provider?.userType === "Agent" ? " and the farmers listed under this agent" : ""}? Samples already
          submitted with this provider are kept.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() => void confirm()}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
