import { Plus, RefreshCw, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { type Provider } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { draftStorageKey, readDraft, removeDraft } from "@/hooks/use-form-draft";
import { useUser } from "@/lib/auth";
import { useMembership } from "@/lib/membership";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useProviders } from "@/lib/api/get-providers";
import { DeleteProviderDialog } from "./delete-provider-dialog";
import { ProviderCard } from "./provider-card";
import { providerDraftForm, providerDraftSchema } from "../utils/provider-form-values";
import { ProviderForm } from "./provider-form";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; provider: Provider };

/** The 'My Sample Providers' screen (/customers). */
export function SampleProviders() {
  const user = useUser();
  // A results-only member sees the providers but adds, edits and deletes none.
  const writes = useMembership()?.writesSamples ?? true;
  if (!user) return null;
  return <SampleProvidersFor customerId={user.id} writes={writes} />;
}

function SampleProvidersFor({ customerId, writes }: { customerId: number; writes: boolean }) {
  const { t, number } = useT("account");
  const toast = useToast();
  const query = useProviders(customerId);
  // A new provider left half-typed (a reload, a closed tab) opens again with what was typed.
  const [form, setForm] = useState<FormState>(() =>
    writes && readDraft(draftStorageKey(providerDraftForm(null), customerId), providerDraftSchema)
      ? { mode: "add" }
      : { mode: "closed" },
  );
  const [deleting, setDeleting] = useState<Provider | null>(null);
  const cancelled = useRef<string | null>(null);
  // After the form is gone (its last keystrokes written as it closes): Cancel drops what was typed.
  useEffect(() => {
    if (form.mode !== "closed" || cancelled.current === null) return;
    removeDraft(draftStorageKey(cancelled.current, customerId));
    cancelled.current = null;
  }, [form, customerId]);
  const providers = query.data ?? [];
  const formOpen = form.mode !== "closed";
  const editingId = form.mode === "edit" ? form.provider.id : null;

  // A failed load is a toast, not an error screen (docs/product-rules.md, Errors).
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error("providersLoadFailed");
  }, [isError, errorUpdatedAt, toast]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{t("account.providers.title")}</h1>
          <p className="text-sm text-slate-700">{t("account.providers.intro")}</p>
        </div>
        {writes ? (
          <Button
            variant={formOpen ? "outline" : "primary"}
            className="w-full shrink-0 md:w-auto"
            onClick={() => {
              if (form.mode !== "closed") {
                cancelled.current = providerDraftForm(form.mode === "edit" ? form.provider.id : null);
              }
              setForm(formOpen ? { mode: "closed" } : { mode: "add" });
            }}
            icon={
              formOpen ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Plus aria-hidden="true" className="h-4 w-4" />
              )
            }
          >
            {formOpen ? t("common.cancel") : t("account.providers.add")}
          </Button>
        ) : null}
      </div>

      <div className={cn(formOpen && "grid gap-6 lg:grid-cols-2 lg:items-start xl:grid-cols-5")}>
        {form.mode !== "closed" ? (
          <div className="min-w-0 xl:col-span-2">
            <ProviderForm
              key={form.mode === "edit" ? `edit-${form.provider.id}` : "add"}
              customerId={customerId}
              provider={form.mode === "edit" ? form.provider : null}
              onDone={() => setForm({ mode: "closed" })}
            />
          </div>
        ) : null}

        <section
          aria-labelledby="providers-list-title"
          className={cn("min-w-0", formOpen && "xl:col-span-3")}
        >
          <Card>
            <CardBody className="space-y-4">
              <div className="flex items-center justify-between gap-3">
                <h2
                  id="providers-list-title"
                  className="min-w-0 text-lg font-semibold break-words text-slate-900"
                >
                  {t("account.providers.listTitle")}
                </h2>
                {query.isSuccess ? (
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800">
                    {number(providers.length)}
                    <span className="sr-only"> {t("account.providers.countUnit")}</span>
                  </span>
                ) : null}
              </div>
              {query.isPending ? (
                <LoadingState label={t("account.providers.loading")} />
              ) : query.isError ? (
                <div className="space-y-3">
                  <Alert tone="error">
                    <LocalizedMessage text={"providersLoadFailed"} />
                  </Alert>
                  <Button
                    variant="outline"
                    size="sm"
                    isLoading={query.isFetching}
                    onClick={() => void query.refetch()}
                    icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
                  >
                    {t("account.providers.tryAgain")}
                  </Button>
                </div>
              ) : providers.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-700">{t("account.providers.empty")}</p>
              ) : (
                <ul className="space-y-3">
                  {providers.map((provider) => (
                    <li key={provider.id}>
                      <ProviderCard
                        provider={provider}
                        editing={provider.id === editingId}
                        onEdit={writes ? (chosen) => setForm({ mode: "edit", provider: chosen }) : undefined}
                        onDelete={writes ? setDeleting : undefined}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        </section>
      </div>

      <DeleteProviderDialog
        customerId={customerId}
        provider={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(deleted) => {
          if (deleted.id === editingId) setForm({ mode: "closed" });
        }}
      />
    </div>
  );
}
