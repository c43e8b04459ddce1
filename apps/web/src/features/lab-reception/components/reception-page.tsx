import { ScanLine, Search } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";

import type { ReceptionDecision, ReceptionInput, ReceptionLookup } from "@lab/contracts";

import { CollectionRecord, Facts } from "@/components/lab/collection-record";
import { Panel } from "@/components/lab/panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { revealError } from "@/components/ui/form-errors";
import { Input } from "@/components/ui/input";
import { StatusBadge } from "@/components/ui/status-badge";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { shownOf } from "@/lib/api-client";
import { useDomainNames } from "@/lib/i18n/localized-names";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { getReception } from "../api/get-reception";
import { useReceiveSample } from "../api/receive-sample";
import { receptionCodeOf } from "../utils/scan-code";
import { BlankLabels } from "./blank-labels";
import { ReceptionCheck } from "./reception-check";
import { ReceptionScanner } from "./reception-scanner";

interface Received {
  sampleId: number;
  decision: ReceptionDecision;
  at: Date;
}

const DECIDED_KEY = {
  accept: "lab.reception.accepted",
  reject: "lab.reception.rejected",
  consent: "lab.reception.consented",
} as const;

/**
 * Reception: a label scanned (a USB scanner types into the field and presses Enter; or the camera,
 * or a photo) opens its sample with what the agent recorded, and the containers are checked and
 * accepted or rejected. The field is ready for the next label after each decision.
 */
export function ReceptionPage() {
  const { t, date } = useT("lab");
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [current, setCurrent] = useState<{ code: string; lookup: ReceptionLookup } | null>(null);
  const [error, setError] = useState<Shown | null>(null);
  const [looking, setLooking] = useState(false);
  const [received, setReceived] = useState<Received[]>([]);
  const receive = useReceiveSample();

  // A refused decision is said at the top of the page, in view below the sticky header.
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    if (revealed > 0 && errorRef.current) revealError(errorRef.current);
  }, [revealed]);

  const nextScan = () => {
    setText("");
    inputRef.current?.focus();
  };

  const lookUp = async (raw: string) => {
    setError(null);
    const code = receptionCodeOf(raw);
    if (code === null) {
      setCurrent(null);
      setError("labelCodeInvalid");
      inputRef.current?.select();
      return;
    }
    setLooking(true);
    try {
      setCurrent({ code, lookup: await getReception(code) });
      setText(code);
    } catch (failure) {
      setCurrent(null);
      setError(shownOf(failure));
      inputRef.current?.select();
    } finally {
      setLooking(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void lookUp(text);
  };

  const decide = async (code: string, sampleId: number, input: ReceptionInput) => {
    setError(null);
    try {
      await receive.mutateAsync({ code, input });
    } catch (failure) {
      // A refused rejection is said in its dialog, which stays open.
      if (input.decision !== "reject") {
        setError(shownOf(failure));
        setRevealed((count) => count + 1);
      }
      throw failure;
    }
    setReceived((list) => [{ sampleId, decision: input.decision, at: new Date() }, ...list]);
    toast.success(t(DECIDED_KEY[input.decision], { id: sampleId }));
    setCurrent(null);
    nextScan();
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{t("lab.reception.title")}</h1>
        <p className="text-sm text-slate-700">{t("lab.reception.intro")}</p>
      </div>
      <div ref={errorRef} tabIndex={-1} className="scroll-mt-36 focus:outline-none">
        {error ? <Alert tone="error" message={error} /> : null}
      </div>

      <Panel title={t("lab.reception.scanTitle")} id="reception-scan-title">
        <form onSubmit={submit} role="search" aria-labelledby="reception-scan-title" className="space-y-2">
          <label htmlFor="reception-code" className="block text-sm font-medium text-slate-800">
            {t("lab.reception.codeLabel")}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="reception-code"
              ref={inputRef}
              // A USB scanner types into whatever has focus: this field, from the start.
              autoFocus
              value={text}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={40}
              aria-describedby="reception-code-hint"
              className="min-h-11 min-w-0 font-mono sm:max-w-xs"
              onChange={(event) => setText(event.target.value)}
            />
            <Button
              type="submit"
              className="min-h-11"
              isLoading={looking}
              icon={<Search aria-hidden="true" className="h-4 w-4" />}
            >
              {t("lab.reception.open")}
            </Button>
          </div>
          <p id="reception-code-hint" className="text-xs text-slate-600">
            {t("lab.reception.codeHint")}
          </p>
        </form>
        <ReceptionScanner
          onText={(scanned) => {
            setText(scanned);
            void lookUp(scanned);
          }}
        />
      </Panel>

      {current ? (
        <LookedUp
          key={current.code}
          lookup={current.lookup}
          busy={receive.isPending}
          onDecide={(input) => decide(current.code, current.lookup.sampleId, input)}
        />
      ) : null}

      <Panel title={t("lab.reception.sessionTitle")} id="reception-session-title">
        {received.length === 0 ? (
          <p className="text-sm text-slate-700">{t("lab.reception.sessionEmpty")}</p>
        ) : (
          <ul aria-labelledby="reception-session-title" className="divide-y divide-slate-200">
            {received.map((entry) => (
              <li
                key={`${entry.sampleId}-${entry.at.getTime()}`}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <Link
                  to={paths.labSample.href(entry.sampleId)}
                  className="inline-flex min-h-11 items-center font-medium text-teal-800 underline"
                >
                  {t("lab.sampleTitle", { id: entry.sampleId })}
                </Link>
                <span className="min-w-0 break-words text-slate-800">
                  {t(`lab.reception.decision.${entry.decision}`)} · {date(entry.at, "time")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title={t("lab.reception.blank.title")} id="reception-blank-title">
        <BlankLabels />
      </Panel>
    </div>
  );
}

function LookedUp({
  lookup,
  busy,
  onDecide,
}: {
  lookup: ReceptionLookup;
  busy: boolean;
  onDecide: (input: ReceptionInput) => Promise<unknown>;
}) {
  const { t, date } = useT("lab");
  const names = useDomainNames();
  const headingId = "reception-sample-title";
  // Only a collected sample waits for reception; the server says the same if this is stale.
  const blocked =
    lookup.reception !== null ||
    (lookup.status !== "COLLECTED" && lookup.status !== "PENDING" && lookup.status !== "COLLECTING")
      ? "sampleAlreadyReceived"
      : lookup.status !== "COLLECTED"
        ? "sampleNotAtReception"
        : null;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2
            id={headingId}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <ScanLine aria-hidden="true" className="h-5 w-5" />
            <Link to={paths.labSample.href(lookup.sampleId)} className="text-teal-800 underline">
              {t("lab.sampleTitle", { id: lookup.sampleId })}
            </Link>
            <StatusBadge status={lookup.status} />
          </h2>
          <div className="mt-3">
            <Facts
              rows={[
                [t("lab.reception.customer"), lookup.customer],
                [t("lab.reception.category"), names.category(lookup.category)],
                [t("lab.reception.tests"), lookup.tests.map((test) => names.testType(test)).join(", ")],
                ...(lookup.container !== null
                  ? ([[t("lab.reception.container"), String(lookup.container)]] as [string, string][])
                  : []),
              ]}
            />
          </div>
        </div>
        <Panel title={t("lab.collection.title")} id="reception-collection-title">
          {lookup.collection ? (
            <CollectionRecord collection={lookup.collection} />
          ) : (
            <p className="text-sm text-slate-700">{t("lab.collection.none")}</p>
          )}
        </Panel>
      </div>
      <Panel title={t("lab.reception.checkTitle")} id="reception-check-title">
        {blocked ? (
          <Alert tone="warning" message={blocked}>
            {lookup.reception ? (
              <span className="block">
                {t(`lab.reception.decision.${decisionOf(lookup.reception.decision)}`)} ·{" "}
                {date(lookup.reception.at, "dateTime")}
              </span>
            ) : null}
          </Alert>
        ) : (
          <ReceptionCheck lookup={lookup} busy={busy} onDecide={onDecide} />
        )}
      </Panel>
    </section>
  );
}

/** The stored decision ("accepted") as the one sent ("accept"). */
const decisionOf = (stored: "accepted" | "rejected" | "consent"): ReceptionDecision =>
  stored === "accepted" ? "accept" : stored === "rejected" ? "reject" : "consent";
