import type { SampleEvent, SampleStatus } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { translate, translateKnown } from "@/lib/i18n/i18n";
import { useT } from "@/lib/i18n/use-t";
import { statusLabel } from "@/utils/sample-status";

// The badge keeps the spec's raw "COLLECTED"; a sentence in the history reads better with a word.
// Translated with the active language (EventHistory loads "samples" and "domain" before it calls this).
const historyLabel = (status: SampleStatus): string => {
  if (status === "COLLECTED") return translate("samples.event.collected");
  return translateKnown(`domain.status.${status}`, statusLabel(status));
};

/** Events that are not moves (results entered, confirmation, release, revoke), by their kind. */
const KIND_TITLES: Record<string, MessageKey<"samples">> = {
  confirmation: "samples.event.kind.confirmation",
  results: "samples.event.kind.results",
  returned: "samples.event.kind.returned",
  released: "samples.event.kind.released",
};

/** The kind of an event; an API that does not send it yet is read from the note it writes. */
function kindOf(event: Pick<SampleEvent, "kind" | "note">): string | undefined {
  if (event.kind !== undefined && event.kind !== "move") return event.kind;
  if (event.note?.startsWith("Confirmation testing")) return "confirmation";
  if (event.note?.startsWith("Replacement report issued")) return "released";
  return undefined;
}

/** What happened, in words: an agent change is not "Collecting → Collecting". */
export function eventTitle(
  event: Pick<SampleEvent, "from" | "to"> & Partial<Pick<SampleEvent, "kind" | "note">>,
): string {
  const kind = kindOf({ kind: event.kind, note: event.note ?? null });
  if (kind !== undefined) {
    const key = KIND_TITLES[kind];
    if (key) return translate(key);
    return event.from === event.to ? translate("samples.event.update") : kind;
  }
  if (!event.from) return translate("samples.event.submitted", { status: historyLabel(event.to) });
  if (event.from === "COLLECTING" && event.to === "COLLECTING")
    return translate("samples.event.agentChanged");
  if (event.from === "PENDING" && event.to === "COLLECTING") return translate("samples.event.agentAssigned");
  if (event.from === "COLLECTING" && event.to === "PENDING")
    return translate("samples.event.agentUnassigned");
  if (event.from === "COMPLETED" && event.to === "COMPLETED") return translate("samples.event.reportRevoked");
  return translate("samples.event.move", { from: historyLabel(event.from), to: historyLabel(event.to) });
}

/** A sample's status history, oldest first: each move, when and by whom (customer timeline, lab console). */
export function EventHistory({
  events,
  className = "",
}: {
  events: readonly SampleEvent[];
  className?: string;
}) {
  // Loads the texts eventTitle() reads, and shows again when the language changes.
  const { t, date } = useT("samples", "domain");
  return (
    <ol className={`space-y-3 border-l-2 border-slate-200 pl-4 ${className}`}>
      {events.map((event) => (
        <li key={event.id} className="text-sm [overflow-wrap:anywhere]">
          <p className="font-medium text-slate-900">{eventTitle(event)}</p>
          <p className="text-slate-700">
            {t("samples.event.when", { date: date(event.at, "dateTime"), name: event.by })}
          </p>
          {event.note ? <p className="text-slate-700">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
