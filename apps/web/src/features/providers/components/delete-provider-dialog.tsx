import { Trash2 } from "lucide-react";

import { type Provider } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";
import { providerErrorMessage } from "@/utils/provider-errors";

import { useDeleteProvider } from "../api/delete-provider";
import { NAME_MARK, splitAtName } from "../utils/split-at-name";

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
  const { t } = useT("account");
  const toast = useToast();
  const remove = useDeleteProvider();
  const [before, after] = splitAtName(
    t(
      provider?.userType === "Agent"
        ? "account.providers.delete.questionAgent"
        : "account.providers.delete.question",
      { name: NAME_MARK },
    ),
  );

  const confirm = async () => {
    if (!provider) return;
    try {
      await remove.mutateAsync({ customerId, providerId: provider.id });
      toast.success("providerDeleted");
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
      title={t("account.providers.delete.title")}
      className="sm:max-w-md"
    >
      <div className="space-y-4">
        <p className="text-sm break-words text-slate-800">
          {before}
          <span className="font-semibold">{provider?.samplerName}</span>
          {after}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() => void confirm()}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          >
            {t(remove.isPending ? "account.providers.delete.deleting" : "account.providers.delete.button")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
