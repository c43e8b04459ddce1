import { FileCheck2, Undo2 } from "lucide-react";
import { useState, type FormEvent } from "react";

import { RESULT_NOTE_MAX, type Analysis } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import { MarketVerdicts, ParameterLines } from "@/components/lab/judgement-view";

import { useReleaseResults } from "../api/release-results";
import { useReturnResults } from "../api/return-results";

interface ResultsReviewProps {
  sampleId: number;
  analysis: Analysis;
  staffId: number;
  /** The signed-in staff member may release and send back (reviewer). */
  canReview: boolean;
}

/** Review (reviewer): the judgement, who entered what, then Release report or Send back with a note. */
export function ResultsReview({ sampleId, analysis, staffId, canReview }: ResultsReviewProps) {
  const { t } = useT("lab");
  const toast = useToast();
  const release = useReleaseResults();
  const sendBack = useReturnResults();
  const [remark, setRemark] = useState("");
  const [returnNote, setReturnNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal<HTMLDivElement>();
  const enteredByMe = analysis.enteredBy.some((person) => person.id === staffId);
  const { judgement } = analysis;

  const failed = (failure: unknown) => {
    setError(
      isApiError(failure) && failure.code === "same_person"
        ? failure.message || "samePerson"
        : failure instanceof Error
          ? failure.message
          : String(failure),
    );
    reveal();
  };

  const onRelease = () => {
    setError(null);
    const trimmed = remark.trim();
    release.mutate(trimmed ? { sampleId, note: trimmed } : { sampleId }, {
      onSuccess: (report) =>
        toast.success(
          report.details.certification
            ? t("lab.review.releasedWithCertificate", {
                id: report.id,
                certification: report.details.certification,
              })
            : t("lab.review.released", { id: report.id }),
        ),
      onError: failed,
    });
  };

  const onReturn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const trimmed = returnNote.trim();
    if (!trimmed) {
      setNoteError("returnNoteRequired");
      reveal();
      return;
    }
    setNoteError(undefined);
    sendBack.mutate(
      { sampleId, note: trimmed },
      {
        onSuccess: () => {
          setReturnNote("");
          toast.success(t("lab.review.sentBack", { id: sampleId }));
        },
        onError: failed,
      },
    );
  };

  return (
    <div ref={formRef} className="space-y-4">
      <MarketVerdicts markets={judgement.markets} label={t("lab.review.marketVerdicts")} />
      <p className="text-sm break-words text-slate-700">
        {t("lab.review.round", {
          round: analysis.round,
          names: analysis.enteredBy.map((person) => person.name).join(", ") || t("lab.review.nobody"),
        })}
      </p>
      <ParameterLines
        lines={judgement.parameters}
        results={analysis.results}
        label={t("lab.review.resultsToReview")}
      />
      <ErrorBanner message={error} />

      {!canReview ? (
        <Alert tone="info">{t("lab.review.waiting")}</Alert>
      ) : (
        <>
          {enteredByMe ? (
            <Alert tone="info">{t("lab.review.samePerson")}</Alert>
          ) : (
            <div className="space-y-3 rounded-lg border border-slate-200 p-3">
              <Field id="release-note" label={t("lab.review.remark")}>
                <Textarea
                  id="release-note"
                  rows={2}
                  maxLength={RESULT_NOTE_MAX}
                  value={remark}
                  onChange={(event) => setRemark(event.target.value)}
                />
              </Field>
              <Button
                isLoading={release.isPending}
                className="w-full sm:w-auto"
                icon={<FileCheck2 aria-hidden="true" className="h-4 w-4" />}
                onClick={onRelease}
              >
                {t("lab.review.release")}
              </Button>
            </div>
          )}
          <form
            onSubmit={onReturn}
            noValidate
            aria-label={t("lab.review.sendBackForm")}
            className="space-y-3 rounded-lg border border-slate-200 p-3"
          >
            <Field id="return-note" label={t("lab.review.returnNote")} error={noteError} required>
              <Textarea
                id="return-note"
                rows={2}
                maxLength={RESULT_NOTE_MAX}
                value={returnNote}
                invalid={Boolean(noteError)}
                aria-describedby={describedBy("return-note", noteError)}
                aria-required="true"
                onChange={(event) => {
                  setReturnNote(event.target.value);
                  setNoteError(undefined);
                }}
              />
            </Field>
            <Button
              type="submit"
              variant="outline"
              isLoading={sendBack.isPending}
              className="w-full sm:w-auto"
              icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
            >
              {t("lab.review.sendBack")}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
