import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { LotCheck } from "@lab/contracts";

import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError, shownOf } from "@/lib/api-client";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { useLotCheck } from "../api/check-lot";
import { CaaStatusText } from "./caa-status";
import { LotStateWord, useStateReason } from "./lot-state";

/** /lots/{code}: the public check of one harvest lot, what its card's QR opens. Nothing personal. */
export function LotCheckPage({ code }: { code: string }) {
  const { t } = useT("lots");
  const check = useLotCheck(code);
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold break-words text-slate-900">{t("lots.check.title")}</h1>
      {check.status === "pending" ? (
        <LoadingState label={t("lots.check.loading")} />
      ) : check.status === "error" ? (
        <div className="space-y-3">
          <Alert tone="error" message={shownOf(check.error)} />
          {/* A malformed code is refused for good: asking again cannot help, the card's code must be read again. */}
          {isApiError(check.error) && check.error.status === 400 ? null : (
            <Button
              variant="outline"
              onClick={check.retry}
              icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
            >
              {t("lots.tryAgain")}
            </Button>
          )}
        </div>
      ) : (
        <LotCheckCard lot={check.data} />
      )}
      <p className="text-sm text-slate-700">
        <Link
          to={paths.gate.href()}
          className="inline-flex min-h-11 items-center font-medium text-teal-800 underline"
        >
          {t("lots.check.toGate")}
        </Link>
      </p>
    </div>
  );
}

function LotCheckCard({ lot }: { lot: LotCheck }) {
  const { t, date, number } = useT("lots");
  const names = useDomainNames();
  const reason = useStateReason();
  const rows: [string, ReactNode][] = [
    [t("lots.field.mpedaEnrolment"), lot.mpedaEnrolment ?? "—"],
    [t("lots.field.caaRegistration"), lot.caaRegistration ?? "—"],
    [t("lots.field.caaStatus"), <CaaStatusText key="caa" status={lot.caaStatus} />],
    [t("lots.field.pond"), lot.pondCode ?? "—"],
    [t("lots.field.species"), lot.species === null ? "—" : names.category(lot.species)],
    [t("lots.field.expectedOn"), lot.expectedOn === null ? "—" : date(lot.expectedOn, "date")],
    [
      t("lots.field.quantityKg"),
      lot.quantityKg === null ? "—" : t("lots.field.kg", { kg: number(lot.quantityKg) }),
    ],
    [
      t("lots.field.certificate"),
      lot.certificateNumber === null ? (
        "—"
      ) : (
        <Link
          key="certificate"
          to={paths.verify.href(lot.certificateNumber)}
          className="font-medium text-teal-800 underline"
        >
          {lot.certificateNumber}
        </Link>
      ),
    ],
    [t("lots.field.sampledOn"), lot.sampledOn === null ? "—" : date(lot.sampledOn, "date")],
    [t("lots.field.validUntil"), lot.validUntil === null ? "—" : date(lot.validUntil, "date")],
  ];
  return (
    <Card>
      <CardBody className="space-y-5">
        <div>
          <p className="text-sm font-medium text-slate-600">{t("lots.field.code")}</p>
          <p className="font-mono text-3xl font-bold tracking-wider [overflow-wrap:anywhere] text-slate-900">
            {lot.code}
          </p>
        </div>
        <div role="status" className="space-y-2">
          <LotStateWord state={lot.state} size="xl" />
          <p className="text-lg break-words text-slate-900">{reason(lot.state)}</p>
        </div>
        {lot.state === "unknown" ? null : (
          <>
            <dl className="grid gap-x-6 gap-y-3 text-base sm:grid-cols-2">
              {rows.map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {lot.verdicts.length > 0 ? (
              <div className="space-y-2">
                <h2 className="text-base font-semibold text-slate-900">{t("lots.field.verdicts")}</h2>
                <MarketVerdictChips
                  label={t("lots.field.verdicts")}
                  markets={lot.verdicts.map((verdict) => ({
                    code: verdict.market,
                    name: verdict.market,
                    verdict: verdict.verdict,
                  }))}
                />
              </div>
            ) : lot.markets.length > 0 ? (
              <p className="text-sm text-slate-700">
                {t("lots.field.marketsPlanned", { markets: lot.markets.join(", ") })}
              </p>
            ) : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}
