import { Plus, RefreshCw, X } from "lucide-react";
import { useState } from "react";

import type { Farm } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { useT } from "@/lib/i18n/use-t";

import { usePonds } from "../api/get-ponds";
import { PondCard } from "./pond-card";
import { PondForm } from "./pond-form";

/** The farm's ponds, each with its crop now and that crop's harvest lots; Add pond for writers. */
export function PondsSection({ farm, writes }: { farm: Farm; writes: boolean }) {
  const { t } = useT("farms");
  const ponds = usePonds(farm.id);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="ponds-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="ponds-title" className="text-xl font-semibold text-slate-900">
          {t("farms.pond.title")}
        </h2>
        {writes ? (
          <Button
            variant={adding ? "outline" : "primary"}
            className="w-full sm:w-auto"
            onClick={() => setAdding((open) => !open)}
            icon={
              adding ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Plus aria-hidden="true" className="h-4 w-4" />
              )
            }
          >
            {adding ? t("common.cancel") : t("farms.pond.add")}
          </Button>
        ) : null}
      </div>
      {adding ? <PondForm farmId={farm.id} pond={null} onDone={() => setAdding(false)} /> : null}
      {ponds.isPending ? (
        <LoadingState label={t("farms.pond.loading")} />
      ) : ponds.isError ? (
        <div className="space-y-3">
          <Alert tone="error" message={{ key: "serverError" }} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => void ponds.refetch()}
            icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
          >
            {t("farms.tryAgain")}
          </Button>
        </div>
      ) : ponds.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          {t("farms.pond.empty")}
        </p>
      ) : (
        <ul className="space-y-4">
          {ponds.data.map((pond) => (
            <li key={pond.id}>
              <PondCard pond={pond} writes={writes} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
