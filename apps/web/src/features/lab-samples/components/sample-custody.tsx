import type { Custody, CustodyEvent, Reception } from "@lab/contracts";

import { CollectionRecord, Facts } from "@/components/lab/collection-record";
import { Alert } from "@/components/ui/alert";
import { LoadingState } from "@/components/ui/spinner";
import { useT } from "@/lib/i18n/use-t";

import { useCustody } from "../api/get-custody";

const DECISION = { accepted: "accept", rejected: "reject", consent: "consent" } as const;

/** The sample's chain of custody: each hand-off, what the agent recorded, and reception's decision. */
export function SampleCustody({ sampleId }: { sampleId: number }) {
  const { t } = useT("lab");
  const custody = useCustody(sampleId);
  // A secondary panel: its failure is said politely, the page's own alerts stay the ones announced.
  if (custody.isError) return <Alert tone="warning" message={custody.error.message} />;
  if (custody.isPending) return <LoadingState label={t("lab.custody.loading")} />;
  return <CustodyView custody={custody.data} />;
}

function CustodyView({ custody }: { custody: Custody }) {
  const { t } = useT("lab");
  return (
    <div className="space-y-4">
      {custody.events.length === 0 ? (
        <p className="text-sm text-slate-700">{t("lab.custody.empty")}</p>
      ) : (
        <ol aria-label={t("lab.custody.eventsLabel")} className="space-y-3 border-l-2 border-slate-200 pl-4">
          {custody.events.map((event) => (
            <CustodyStep key={event.id} event={event} />
          ))}
        </ol>
      )}
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("lab.collection.title")}</h3>
        {custody.collection ? (
          <CollectionRecord collection={custody.collection} />
        ) : (
          <p className="text-sm text-slate-700">{t("lab.collection.none")}</p>
        )}
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("lab.custody.receptionTitle")}</h3>
        {custody.reception ? (
          <ReceptionFacts reception={custody.reception} />
        ) : (
          <p className="text-sm text-slate-700">{t("lab.custody.notReceived")}</p>
        )}
      </section>
    </div>
  );
}

function CustodyStep({ event }: { event: CustodyEvent }) {
  const { t, date, number } = useT("lab");
  const where =
    event.place ??
    (event.location ? `${event.location.lat.toFixed(5)}, ${event.location.lng.toFixed(5)}` : null);
  return (
    <li className="min-w-0 text-sm">
      <p className="font-semibold break-words text-slate-900">{t(`lab.custody.kind.${event.kind}`)}</p>
      <p className="text-xs text-slate-600">{date(event.at, "dateTime")}</p>
      <p className="break-words text-slate-800">
        {event.relinquishedBy} → {event.receivedBy}
      </p>
      {where ? (
        <p className="break-words text-slate-700">{t("lab.custody.where", { place: where })}</p>
      ) : null}
      {event.sealIntact !== null || event.temperatureC !== null ? (
        <p className="break-words text-slate-700">
          {[
            event.sealIntact === null
              ? null
              : event.sealIntact
                ? t("lab.custody.sealIntact")
                : t("lab.custody.sealBroken"),
            event.temperatureC === null
              ? null
              : `${number(event.temperatureC, { maximumFractionDigits: 1 })} °C`,
          ]
            .filter((part) => part !== null)
            .join(" · ")}
        </p>
      ) : null}
      {event.note ? <p className="break-words text-slate-700">{event.note}</p> : null}
    </li>
  );
}

function ReceptionFacts({ reception }: { reception: Reception }) {
  const { t, date, number } = useT("lab", "domain");
  return (
    <Facts
      rows={[
        [t("lab.custody.decision"), t(`lab.reception.decision.${DECISION[reception.decision]}`)],
        [t("lab.custody.at"), date(reception.at, "dateTime")],
        ...(reception.reasons.length > 0
          ? ([
              [
                t("lab.custody.reasons"),
                reception.reasons.map((reason) => t(`domain.rejectionReason.${reason}`)).join("; "),
              ],
            ] as [string, string][])
          : []),
        ...(reception.note ? ([[t("lab.reception.note"), reception.note]] as [string, string][]) : []),
        [
          t("lab.custody.sealsRead"),
          reception.seals && reception.seals.length > 0
            ? `${reception.seals.join(", ")}${
                // The server compares only when the agent recorded seals too.
                reception.sealsMatch === null
                  ? ""
                  : ` · ${reception.sealsMatch ? t("lab.custody.sealsMatch") : t("lab.custody.sealsMismatch")}`
              }`
            : "—",
        ],
        [
          t("lab.reception.temperature"),
          reception.temperatureC === null
            ? t("lab.collection.notMeasured")
            : `${number(reception.temperatureC, { maximumFractionDigits: 1 })} °C`,
        ],
      ]}
    />
  );
}
