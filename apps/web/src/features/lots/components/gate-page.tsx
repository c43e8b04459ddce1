import { Download, ScanLine } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { LOT_CHECK_MAX, type LotCheck } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Textarea, describedBy } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";
import { useAction } from "@/lib/use-action";
import { saveBlob } from "@/utils/save-blob";

import { checkLots } from "../api/check-lots";
import { gateCsv, gateCsvBlob, gateCsvFileName } from "../utils/gate-csv";
import { gateInput, withScannedCode, type ScannedCode } from "../utils/parse-codes";
import { CaaStatusText } from "./caa-status";
import { LotScanner } from "./lot-scanner";
import { LotStateWord, useStateReason } from "./lot-state";

const CSV_HEADINGS = [
  "checkedAt",
  "code",
  "state",
  "reason",
  "mpedaEnrolment",
  "caaRegistration",
  "caaStatus",
  "pond",
  "species",
  "expectedOn",
  "quantityKg",
  "certificate",
  "verdicts",
  "sampledOn",
  "validUntil",
] as const;

/**
 * /gate: a processor's receiving desk. Codes scanned from lot cards, typed or pasted, checked at once,
 * a table and a CSV.
 */
export function GatePage() {
  const { t, date } = useT("lots");
  const names = useDomainNames();
  const results = useResultNames();
  const reason = useStateReason();
  const inputId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<Shown | null>(null);
  const [answer, setAnswer] = useState<{ lots: LotCheck[]; at: Date } | null>(null);
  const { ref, reveal } = useErrorReveal();
  const check = useAction(checkLots);

  const addScanned = (code: string): ScannedCode => {
    const next = withScannedCode(text, code);
    if (next.result === "added") {
      setText((current) => withScannedCode(current, code).text);
      setError(null);
    }
    return next.result;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = gateInput(text);
    if (input.kind !== "ok") {
      setError(
        input.kind === "empty"
          ? t("lots.gate.empty")
          : t("lots.gate.tooMany", { max: LOT_CHECK_MAX, count: input.count }),
      );
      reveal();
      return;
    }
    setError(null);
    try {
      const lots = await check.mutateAsync(input.codes);
      setAnswer({ lots, at: new Date() });
    } catch (failure) {
      setError(shownOf(failure));
      reveal();
    }
  };

  const download = () => {
    if (!answer) return;
    const csv = gateCsv(answer.lots, date(answer.at, "dateTime"), {
      headings: CSV_HEADINGS.map((key) => t(`lots.csv.${key}`)),
      state: (lot) => t(`lots.state.${lot.state}`),
      reason: (lot) => reason(lot.state),
      caa: (lot) => (lot.caaStatus === null ? "" : t(`lots.caa.${lot.caaStatus}`)),
      species: (lot) => (lot.species === null ? "" : names.category(lot.species)),
      verdict: (verdict) => results.marketChip(verdict.market, verdict.verdict),
    });
    saveBlob(gateCsvBlob(csv), gateCsvFileName(answer.at));
  };

  const cleared = answer?.lots.filter((lot) => lot.state === "cleared").length ?? 0;

  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900">{t("lots.gate.title")}</h1>
        <p className="text-base text-slate-700">{t("lots.gate.intro")}</p>
      </div>
      <Card>
        <CardBody>
          <form ref={ref} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
            <ErrorBanner message={error} />
            <LotScanner onCode={addScanned} />
            <Field
              id={inputId}
              label={t("lots.gate.codes")}
              hint={t("lots.gate.codesHint", { max: LOT_CHECK_MAX })}
            >
              <Textarea
                id={inputId}
                rows={5}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono text-lg"
                aria-describedby={describedBy(inputId, undefined, true)}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
              />
            </Field>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button
                type="submit"
                size="lg"
                isLoading={check.isPending}
                icon={<ScanLine aria-hidden="true" className="h-5 w-5" />}
              >
                {t("lots.gate.check")}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>

      {answer ? (
        <section className="space-y-3">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <h2 className="text-xl font-semibold text-slate-900">{t("lots.gate.results")}</h2>
              <p className="text-sm text-slate-700" role="status">
                {t("lots.gate.summary", {
                  count: answer.lots.length,
                  cleared,
                  time: date(answer.at, "dateTime"),
                })}
              </p>
            </div>
            <Button
              variant="outline"
              onClick={download}
              icon={<Download aria-hidden="true" className="h-4 w-4" />}
            >
              {t("lots.gate.csv")}
            </Button>
          </div>
          {/* A phone reads one card per lot; from 640 px, a table. */}
          <ul className="space-y-3 sm:hidden">
            {answer.lots.map((lot) => (
              <li key={lot.code}>
                <Card>
                  <CardBody className="space-y-2">
                    <p className="font-mono text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
                      {lot.code}
                    </p>
                    <LotStateWord state={lot.state} size="lg" />
                    <p className="text-base break-words text-slate-900">{reason(lot.state)}</p>
                    {lot.state === "unknown" ? null : <LotFacts lot={lot} />}
                  </CardBody>
                </Card>
              </li>
            ))}
          </ul>
          <Table label={t("lots.gate.results")} className="hidden sm:block" tableClassName="text-base">
            <TableHeader>
              <TableRow>
                <TableHead>{t("lots.field.code")}</TableHead>
                <TableHead>{t("lots.field.state")}</TableHead>
                <TableHead>{t("lots.field.farm")}</TableHead>
                <TableHead>{t("lots.field.lot")}</TableHead>
                <TableHead>{t("lots.field.validUntil")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {answer.lots.map((lot) => (
                <TableRow key={lot.code}>
                  <TableCell className="font-mono text-xl font-bold [overflow-wrap:anywhere]">
                    {lot.code}
                  </TableCell>
                  <TableCell className="min-w-48 space-y-1">
                    <LotStateWord state={lot.state} size="lg" />
                    <p className="text-sm break-words">{reason(lot.state)}</p>
                  </TableCell>
                  <TableCell className="text-sm [overflow-wrap:anywhere]">
                    {lot.state === "unknown" ? (
                      "—"
                    ) : (
                      <>
                        <div>{t("lots.gate.mpeda", { number: lot.mpedaEnrolment ?? "—" })}</div>
                        <div>{t("lots.gate.caa", { number: lot.caaRegistration ?? "—" })}</div>
                        <CaaStatusText status={lot.caaStatus} />
                      </>
                    )}
                  </TableCell>
                  <TableCell className="text-sm [overflow-wrap:anywhere]">
                    {lot.state === "unknown" ? (
                      "—"
                    ) : (
                      <>
                        <div>
                          {[lot.pondCode, lot.species === null ? null : names.category(lot.species)]
                            .filter(Boolean)
                            .join(" · ")}
                        </div>
                        {lot.certificateNumber ? <div>{lot.certificateNumber}</div> : null}
                        <div>
                          {lot.verdicts
                            .map((verdict) => results.marketChip(verdict.market, verdict.verdict))
                            .join(", ")}
                        </div>
                      </>
                    )}
                  </TableCell>
                  <TableCell className="text-base font-semibold">
                    {lot.validUntil === null ? "—" : date(lot.validUntil, "date")}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}
    </div>
  );
}

function LotFacts({ lot }: { lot: LotCheck }) {
  const { t, date } = useT("lots");
  const names = useDomainNames();
  const results = useResultNames();
  const rows: [string, string][] = [
    [t("lots.field.mpedaEnrolment"), lot.mpedaEnrolment ?? "—"],
    [t("lots.field.caaRegistration"), lot.caaRegistration ?? "—"],
    [t("lots.field.caaStatus"), lot.caaStatus === null ? "—" : t(`lots.caa.${lot.caaStatus}`)],
    [t("lots.field.pond"), lot.pondCode ?? "—"],
    [t("lots.field.species"), lot.species === null ? "—" : names.category(lot.species)],
    [t("lots.field.certificate"), lot.certificateNumber ?? "—"],
    [
      t("lots.field.verdicts"),
      lot.verdicts.length === 0
        ? "—"
        : lot.verdicts.map((verdict) => results.marketChip(verdict.market, verdict.verdict)).join(", "),
    ],
    [t("lots.field.validUntil"), lot.validUntil === null ? "—" : date(lot.validUntil, "date")],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-base">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
